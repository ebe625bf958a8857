import { SimpleGrid } from '@chakra-ui/react';
import { formatNumber, useGetDashboardStatsQuery, useSession, type DashboardStats } from 'shared-api';
import { PageHeader, StatCard } from '../layout/app-layout';

/** A role's dashboard: cards with real counts from the server. Card labels are English (the app's), translated by StatCard. */
export function Dashboard({ title, cards }: { title: string; cards: { label: string; stat: keyof DashboardStats; to?: string }[] }) {
  const { user } = useSession();
  const { data, isError } = useGetDashboardStatsQuery(user?._id ?? '', { skip: !user });
  return (
    <>
      <PageHeader title={title} />
      <SimpleGrid columns={{ base: 1, sm: 2, lg: cards.length > 2 ? 3 : 2 }} gap="4">
        {cards.map((c) => (
          <StatCard key={c.label} label={c.label} to={c.to} value={data ? formatNumber(data[c.stat]) : isError ? '–' : '…'} />
        ))}
      </SimpleGrid>
    </>
  );
}
