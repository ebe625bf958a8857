import { api } from '../api';

/** Real counts for the dashboards (the original showed hard-coded numbers). */
export interface DashboardStats {
  users: number;
  institutes: number;
  exams: number;
  results: number;
  availableExams: number;
}

export const statsApi = api.injectEndpoints({
  endpoints: (b) => ({
    getDashboardStats: b.query<DashboardStats, string>({
      query: (userId) => `stats/${userId}`,
      providesTags: ['Stats'],
    }),
  }),
});

export const { useGetDashboardStatsQuery } = statsApi;
