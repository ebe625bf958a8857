/**
 * shared-api/profile: the signed-in user's own profile (every role, the student too): details, password, picture,
 * language. Only the Profile screen calls it, so it is out of the root's first render; a shared singleton that imports
 * the slice as 'shared-api', so that its endpoints land in the store's one slice (as shared-api/progress).
 */
import { api } from 'shared-api';
import type { User } from '../types';

export const profileApi = api.injectEndpoints({
  endpoints: (b) => ({
    updateProfile: b.mutation<User & { name: string }, { userId: string; firstname: string; lastname: string; phone?: string; address?: string; time_zone?: string }>({
      query: ({ userId, ...body }) => ({ url: `users/${userId}`, method: 'PUT', body }),
      // a changed time zone moves the days of the results lists and reports cached so far
      invalidatesTags: ['User', { type: 'Result', id: 'LIST' }, 'Report'],
    }),
    /** the interface's language only (issue 25): nothing else of the profile changes */
    updateLanguage: b.mutation<User, { userId: string; language: 'en' | 'ne' }>({
      query: ({ userId, language }) => ({ url: `users/${userId}`, method: 'PUT', body: { language } }),
    }),
    changePassword: b.mutation<{ token: string }, { userId: string; email: string; password: string; newPassword: string; confirmPassword: string }>({
      query: ({ userId, ...body }) => ({ url: `users/changePassword/${userId}`, method: 'PUT', body }),
    }),
    changePicture: b.mutation<{ image: string }, { userId: string; file: File }>({
      query: ({ userId, file }) => {
        const fd = new FormData();
        fd.append('image', file);
        return { url: `users/changePicture/${userId}`, method: 'PUT', body: fd };
      },
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useUpdateProfileMutation, useUpdateLanguageMutation, useChangePasswordMutation, useChangePictureMutation } = profileApi;
