import { Grid, Paper, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { FormSection } from './form-section';
import type { ProductForm } from './form-types';
import { ImageField } from './image-field';

const ROBOTS = ['index, follow', 'noindex, follow', 'index, nofollow', 'noindex, nofollow'];

/** SEO (spec 2 §3): the title, description, image and robots of the product's shop page. */
export function SeoTab({ form }: { form: ProductForm }) {
  const { values } = form;
  const { seo } = values;
  const title = seo.title.trim() || values.name || 'Product name';
  const description = seo.description.trim() || values.description.slice(0, 160) || 'No description yet.';
  return (
    <FormSection title="SEO" description="How the product’s page shows in search engines and shared links.">
      <Stack gap="lg">
        <Switch
          label="Enable SEO features"
          {...form.getInputProps('enable_seo_features', { type: 'checkbox' })}
        />
        {values.enable_seo_features ? (
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="md">
                <TextInput
                  label="SEO title"
                  description={`${seo.title.length} / 255; the product name when empty.`}
                  maxLength={255}
                  {...form.getInputProps('seo.title')}
                />
                <Textarea
                  label="SEO description"
                  description={`${seo.description.length} / 1000; about 160 characters show in results.`}
                  autosize
                  minRows={3}
                  maxLength={1000}
                  {...form.getInputProps('seo.description')}
                />
                <Select
                  label="Robots"
                  placeholder="index, follow"
                  data={ROBOTS.includes(seo.robots) || seo.robots === '' ? ROBOTS : [...ROBOTS, seo.robots]}
                  clearable
                  {...form.getInputProps('seo.robots')}
                  value={seo.robots || null}
                  onChange={(value) => form.setFieldValue('seo.robots', value ?? '')}
                />
                <ImageField
                  label="SEO image"
                  description="Shown when the page is shared; the thumbnail when empty."
                  value={seo.image}
                  onChange={(file) => {
                    form.setFieldValue('seo.image', file);
                    form.clearFieldError('seo.image');
                  }}
                  error={(form.errors['seo.image'] as string | undefined) ?? null}
                />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Text size="sm" fw={500} mb={6}>
                Search preview
              </Text>
              <Paper withBorder p="md" radius="md" role="group" aria-label="Search preview">
                <Text size="xs" c="dimmed">
                  /products/{values.slug || 'product-slug'}
                </Text>
                <Text c="blue.8" size="lg" lineClamp={1}>
                  {title}
                </Text>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {description}
                </Text>
              </Paper>
            </Grid.Col>
          </Grid>
        ) : (
          <Text size="sm" c="dimmed">
            Switch on to write the product’s own search title, description and image.
          </Text>
        )}
      </Stack>
    </FormSection>
  );
}
