/**
 * The Chakra primitives the apps use. Apps import these from shared-ui, never from @chakra-ui/react.
 * shared-ui is a shared singleton, so every name here ships in the first render: export only what is used,
 * and give each component with a recipe its recipe in system.ts.
 */
export {
  Alert, Avatar, Badge, Box, Button, ButtonGroup, Card, Center, Code, Dialog, Field, Flex, Grid, Heading, HStack,
  Image, Input, Link, List, Menu, NativeSelect, Portal, Progress, Separator, SimpleGrid, Spinner, Stack, Switch, Table,
  Tabs, Text, Textarea, chakra,
} from '@chakra-ui/react';
