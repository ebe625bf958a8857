import { api } from '../api';
import { deviceTokenFor } from '../device-tokens';
import type { AuthInstitute, SigninResponse, UserInfo } from '../types';
import type { LoginValues } from '../validation';

export const authApi = api.injectEndpoints({
  endpoints: (b) => ({
    signin: b.mutation<SigninResponse, LoginValues & { language?: 'en' | 'ne' }>({
      // with this browser's device token for the account, if it has one (device-tokens.ts)
      query: (body) => ({ url: 'auth/signin', method: 'POST', body: { ...body, device: deviceTokenFor(body.email) } }),
    }),
    getUserInfo: b.query<UserInfo, string>({
      query: (userId) => `users/getUserInfo/${userId}`,
      providesTags: (_r, _e, id) => [{ type: 'User', id }],
    }),
    getInstituteInfo: b.query<AuthInstitute, string>({
      query: (id) => `users/getInstituteInfo/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Institute', id }],
    }),
  }),
});

export const { useSigninMutation, useGetUserInfoQuery, useGetInstituteInfoQuery } = authApi;
