/**
 * The Chakra primitives the apps use. Apps import these from shared-ui, never from @chakra-ui/react.
 * shared-ui is a shared singleton, so every name here ships in the first render: export only what is used,
 * and give each component with a recipe its recipe in system.ts.
 */
export {
  Alert, Badge, Box, Button, Center, Field, Flex, Grid, Heading, HStack,
  Image, Input, Link, Portal, SimpleGrid, Spinner, Stack,
  Text, chakra,
} from '@chakra-ui/react';
/** Chakra's API and recipe, without its image-loading state machine. */
export { Avatar } from './components/avatar';
/** Same API as Chakra's, fetched on first use (./overlays): they are most of Chakra's weight. */
export { Dialog, Menu, Progress, Switch, Tabs, preloadOverlays } from './overlays';
/** Same API as Chakra's, fetched on first use (./overlays): no screen of a student's first render uses them. */
export { ButtonGroup, Card, List, NativeSelect, Separator, Table, Textarea } from './overlays';
