import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const config = defineConfig({
  theme: {
    tokens: {
      fonts: {
        heading: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans KR', 'Noto Sans CJK KR', sans-serif" },
        body: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans KR', 'Noto Sans CJK KR', sans-serif" },
      },
    },
  },
});

/** The one Chakra system of the product, built once. */
export const system = createSystem(defaultConfig, config);
