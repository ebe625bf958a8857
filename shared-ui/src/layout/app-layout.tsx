/** The signed-in layout: top bar (title, name, role label, avatar menu) and the role's sidebar (width 210). */
import { Box, Button, Flex, HStack, Portal, Stack, Text, chakra } from '@chakra-ui/react';
import { Avatar } from '../components/avatar';
import { displayName } from '../names';
import { Suspense, useEffect, useState, type ReactNode, type RefObject } from 'react';
import { preloadOverlays, useOverlay } from '../overlays';
import { leaveGuard } from './leave-guard';
import { NavLink, useNavigate } from 'react-router-dom';
import { ROLE_LABEL, SIDEBAR_WIDTH, endSession, i18n, useAppDispatch, useSession } from 'shared-api';

export { leaveGuard };

/** Below the app's sticky header (h="14", 3.5rem) with a little room. */
const STICKY_HEADER_PADDING = '4rem';

/**
 * While mounted, the page keeps focused and scrolled-to elements below `ref`, a sticky element of the page under the
 * app header (the exam's header): scroll-padding-top follows its bottom edge as it grows or shrinks.
 */
export function useStickyScrollPadding(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const html = document.documentElement;
    const update = () => {
      const top = parseFloat(getComputedStyle(el).top) || 0;
      html.style.scrollPaddingTop = `${Math.ceil(top + el.offsetHeight + 8)}px`;
    };
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      html.style.scrollPaddingTop = STICKY_HEADER_PADDING;
    };
  }, [ref]);
}

export interface NavItem {
  /** English, marked by the app for extraction (an i18n comment): translated where it is shown */
  label: string;
  to: string;
  /** match only the exact path (dashboards) */
  end?: boolean;
}

const SideLink = chakra(NavLink);

export function AppLayout(props: {
  title: string;
  homePath: string;
  profilePath: string;
  nav: NavItem[];
  /** hide the sidebar (student exam pages) */
  hideSidebar?: boolean;
  /** the logo does not navigate (an exam is running) */
  lockLogo?: boolean;
  /** landscape variant: navigation in the top bar instead of a sidebar */
  topNav?: boolean;
  children: ReactNode;
}) {
  const { user, role } = useSession();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const name = displayName(user);
  const showSide = !props.hideSidebar && !props.topNav;

  const links = (direction: 'column' | 'row') => (
    <Stack as="ul" direction={direction} gap="1" listStyleType="none" m="0" p={direction === 'column' ? '3' : '0'}>
      {props.nav.map((item) => (
        <li key={item.to}>
          <SideLink
            to={item.to}
            end={item.end}
            display="block"
            px="3"
            py="2"
            borderRadius="md"
            fontSize="sm"
            whiteSpace="nowrap"
            _hover={{ bg: 'bg.muted' }}
            css={{ '&.active': { bg: 'blue.subtle', color: 'blue.fg', fontWeight: 'semibold' } }}
          >
            {i18n._(item.label)}
          </SideLink>
        </li>
      ))}
    </Stack>
  );

  // The sticky header never hides the focused element (WCAG 2.4.11): the browser keeps what it scrolls to below it.
  // A page with a taller sticky part of its own (the exam) raises it while it is shown (useStickyScrollPadding).
  useEffect(() => {
    const html = document.documentElement;
    // (a page's own, set by its effect that ran first, is kept)
    if (!html.style.scrollPaddingTop) html.style.scrollPaddingTop = STICKY_HEADER_PADDING;
    return () => {
      html.style.scrollPaddingTop = '';
    };
  }, []);

  return (
    <Flex direction="column" minH="100dvh">
      <Flex
        as="header"
        align="center"
        gap="3"
        px={{ base: 3, md: 5 }}
        h="14"
        borderBottomWidth="1px"
        bg="bg"
        position="sticky"
        top="0"
        zIndex="docked"
      >
        <Button
          variant="ghost"
          px="2"
          fontWeight="bold"
          fontSize={{ base: 'md', md: 'lg' }}
          aria-label={i18n._('{title} home', { title: props.title })}
          aria-disabled={props.lockLogo || undefined}
          onClick={() => {
            if (!props.lockLogo) navigate(props.homePath);
          }}
        >
          {props.title}
        </Button>
        {props.topNav && (
          <Box as="nav" aria-label={i18n._('Main')} overflowX="auto">
            {links('row')}
          </Box>
        )}
        <Box flex="1" />
        <Stack gap="0" textAlign="right" display={{ base: 'none', sm: 'flex' }}>
          <Text fontSize="sm" fontWeight="medium" data-testid="user-name">{name}</Text>
          <Text fontSize="xs" color="fg.muted" data-testid="role-label">
            {role !== null ? ROLE_LABEL[role] : ''}
          </Text>
        </Stack>
        <AccountMenu
          name={name}
          image={user?.image ?? null}
          onProfile={() => navigate(props.profilePath)}
          onLogout={() => {
            // a running exam asks first ('Exam is Running, ...'); its answers are on the server either way
            if (!leaveGuard.confirm()) return;
            endSession(dispatch);
            navigate('/');
          }}
        />
      </Flex>
      {showSide && (
        <Box as="nav" aria-label={i18n._('Main')} display={{ base: 'block', md: 'none' }} borderBottomWidth="1px" overflowX="auto" px="2" py="1">
          {links('row')}
        </Box>
      )}
      <Flex flex="1" minH="0">
        {showSide && (
          <Box
            as="nav"
            aria-label={i18n._('Sidebar')}
            w={`${SIDEBAR_WIDTH}px`}
            flexShrink={0}
            borderRightWidth="1px"
            display={{ base: 'none', md: 'block' }}
          >
            {links('column')}
          </Box>
        )}
        <Box as="main" flex="1" minW="0" p={{ base: 3, md: 6 }}>
          {props.children}
        </Box>
      </Flex>
    </Flex>
  );
}

/** Dashboard card with a big number and a link. `label`: English (the app's, marked for extraction), translated here. */
export function StatCard({ label, value, to }: { label: string; value: ReactNode; to?: string }) {
  const navigate = useNavigate();
  return (
    <Box
      as={to ? 'button' : 'div'}
      textAlign="left"
      borderWidth="1px"
      borderRadius="lg"
      p="5"
      bg="bg"
      _hover={to ? { shadow: 'md' } : undefined}
      onClick={to ? () => navigate(to) : undefined}
    >
      <Text color="fg.muted" fontSize="sm">{i18n._(label)}</Text>
      <Text fontSize="3xl" fontWeight="bold" data-testid={`stat-${label}`}>{value}</Text>
    </Box>
  );
}

export function PageHeader({ title, actions, onBack }: { title: ReactNode; actions?: ReactNode; onBack?: () => void }) {
  return (
    <HStack mb="5" gap="3" flexWrap="wrap">
      {onBack && (
        <Button variant="outline" size="sm" onClick={onBack}>
          {i18n._('Back')}
        </Button>
      )}
      <Text as="h1" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="bold" flex="1">
        {title}
      </Text>
      {actions}
    </HStack>
  );
}

/**
 * The avatar's account menu (Profile, Logout). The menu machinery is in the lazily loaded half of the UI kit: the
 * avatar is a plain button until it is hovered, focused or pressed (which fetches the menu), and the first press
 * opens the real menu once it is here. Offline before it ever arrived, the button stays plain and a press retries.
 */
const accountButton = () => ({ variant: 'ghost', p: '1', borderRadius: 'full' }) as const;

function AccountMenu(props: { name: string; image: string | null; onProfile: () => void; onLogout: () => void }) {
  const [attempt, setAttempt] = useState(0);
  // Named by its content (WCAG 2.5.3, Label in Name): the visible initials first, then what the button is, hidden
  // from sight, e.g. "AS Account menu: Asha Sharma"; with a picture shown, "Account menu: Asha Sharma".
  const avatar = (
    <>
      <Avatar.Root size="sm">
        <Avatar.Fallback name={props.name} />
        {props.image ? <Avatar.Image src={props.image} alt="" /> : null}
      </Avatar.Root>
      <Box as="span" srOnly>{' '}{i18n._('Account menu: {name}', { name: props.name })}</Box>
    </>
  );
  const plain = (
    <Button
      {...accountButton()} aria-haspopup="menu" aria-expanded={false}
      onPointerEnter={() => void preloadOverlays('Menu')}
      onFocus={() => void preloadOverlays('Menu')}
      onClick={() => setAttempt((a) => a + 1)}
    >
      {avatar}
    </Button>
  );
  if (attempt === 0) return plain;
  return (
    <Suspense fallback={plain}>
      <LoadedAccountMenu key={attempt} {...props} avatar={avatar} plain={plain} />
    </Suspense>
  );
}

function LoadedAccountMenu(props: { avatar: ReactNode; plain: ReactNode; onProfile: () => void; onLogout: () => void }) {
  const menu = useOverlay('Menu');
  if (!menu) return props.plain;
  const Menu = menu.part;
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen recipe={menu.recipe}>
      <Menu.Trigger asChild>
        <Button {...accountButton()}>
          {props.avatar}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="profile" onClick={props.onProfile}>
              {i18n._('Profile')}
            </Menu.Item>
            <Menu.Item value="logout" onClick={props.onLogout}>
              {i18n._('Logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
