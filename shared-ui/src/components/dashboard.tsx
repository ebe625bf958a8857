import { HStack, Link, SimpleGrid } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatNumber, i18n, useGetDashboardStatsQuery, useSession, type DashboardStats } from 'shared-api';
import { PageHeader, StatCard } from '../layout/app-layout';

/**
 * A role's dashboard: cards with real counts from the server, then links (the admin's to its exams). Card and link
 * labels are English (the app's, marked), shown translated.
 */
export function Dashboard({ title, cards, links = [] }: {
  title: string;
  cards: { label: string; stat: keyof DashboardStats; to?: string }[];
  links?: { label: string; to: string }[];
}) {
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
      {links.length > 0 && (
        <HStack as="nav" aria-label={i18n._('Shortcuts')} mt="6" gap="5" flexWrap="wrap">
          {links.map((l) => (
            <Link key={l.to} asChild variant="underline" colorPalette="blue" fontWeight="medium">
              <RouterLink to={l.to}>{i18n._(l.label)}</RouterLink>
            </Link>
          ))}
        </HStack>
      )}
    </>
  );
}
