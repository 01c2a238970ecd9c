import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ShopDisplay, ShopProductCard } from '../../../contracts/shop-catalogue';
import type { HomeSlide, HomeSliderState, ShopViewer } from '../../../contracts/storefront';
import { themedButton } from '../shop-layout';
import { HomeSlider } from './home-slider';
import { ProductCard } from './product-card';

/** The home page: the hero slider, the shop's welcome and the featured products. */
export function HomePage({
  site_name,
  description,
  slides,
  slider_state,
  featured = [],
  display,
  viewer,
}: {
  site_name: string;
  description: string;
  slides: HomeSlide[];
  slider_state: HomeSliderState;
  /** Featured products under the slider, priced for the visitor. */
  featured?: ShopProductCard[];
  display?: ShopDisplay;
  /** Signed in: the way to their own area instead of "Create an account" and "Sign in". */
  viewer: ShopViewer | null;
}) {
  return (
    <>
      <HomeSlider slides={slides} state={slider_state} />
      <Paper radius="lg" p={{ base: 'lg', sm: 48 }} withBorder bg="white">
        <Stack gap="md" maw={640}>
          <Title order={1} style={{ color: 'var(--theme-primary)' }}>
            {site_name}
          </Title>
          <Text size="lg" c="dimmed">
            {description}
          </Text>
          {viewer ? (
            viewer.dashboard_url && (
              <Group>
                <Button
                  component="a"
                  href={viewer.dashboard_url}
                  size="md"
                  style={themedButton}
                  data-testid="home-primary"
                >
                  Go to my account
                </Button>
              </Group>
            )
          ) : (
            <Group>
              <Button
                component="a"
                href="/register"
                size="md"
                style={themedButton}
                data-testid="home-primary"
              >
                Create an account
              </Button>
              <Button component="a" href="/login" variant="default" size="md">
                Sign in
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      {featured.length > 0 && display && (
        <Stack component="section" aria-labelledby="featured-heading" gap="md" mt="xl">
          <Group justify="space-between" align="baseline">
            <Title order={2} id="featured-heading">
              Featured products
            </Title>
            <Anchor href="/products">See all products</Anchor>
          </Group>
          <div className="shop-grid" data-testid="featured-products">
            {featured.map((product) => (
              <ProductCard key={product.id} product={product} display={display} eager={false} />
            ))}
          </div>
        </Stack>
      )}
    </>
  );
}
