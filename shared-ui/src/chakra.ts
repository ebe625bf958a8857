/** The Chakra primitives the apps use. Apps import these from shared-ui, never from @chakra-ui/react. */
export {
  Alert, AspectRatio, Avatar, Badge, Box, Button, ButtonGroup, Card, Center, Checkbox, CloseButton, Code, Container,
  Dialog, Drawer, Field, Flex, Grid, GridItem, Heading, HStack, IconButton, Image, Input, InputGroup, Kbd, Link, List,
  Menu, NativeSelect, Portal, Progress, RadioGroup, Separator, SimpleGrid, Skeleton, Spacer, Spinner, Stack, Stat,
  Switch, Table, Tabs, Tag, Text, Textarea, VisuallyHidden, VStack, Wrap, chakra, useBreakpointValue,
} from '@chakra-ui/react';
