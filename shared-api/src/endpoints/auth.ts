import { api } from '../api';
import type { AuthInstitute, SigninResponse, UserInfo } from '../types';
import type { LoginValues } from '../validation';

export const authApi = api.injectEndpoints({
  endpoints: (b) => ({
    signin: b.mutation<SigninResponse, LoginValues & { language?: 'en' | 'ne' }>({
      query: (body) => ({ url: 'auth/signin', method: 'POST', body }),
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
