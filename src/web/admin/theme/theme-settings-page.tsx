import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  ColorInput,
  FileButton,
  Group,
  Image,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconRefresh, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  FAVICON_MAX_BYTES,
  LOGO_MAX_BYTES,
  THEME_MESSAGES as M,
  type ThemeSettingsData,
} from '../../../contracts/theme-settings';
import {
  isHexColor,
  THEME_COLOR_KEYS,
  type ThemeColorKey,
  type ThemeColors,
  type ThemeName,
  textColorOn,
} from '../../../domain/theme/theme';
import { errorMessage, fieldErrorsOf } from '../../lib/form-errors';
import { confirmAction } from '../../ui/confirm';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import {
  useActivateTheme,
  useResetTheme,
  useThemeSettings,
  useUpdateTheme,
  useUploadThemeImage,
} from './theme.api';

const COLOR_LABELS: Record<ThemeColorKey, string> = {
  primary: 'Primary',
  secondary: 'Secondary',
  accent: 'Accent',
  text: 'Text',
  background: 'Background',
};

/** Applies colours to this page at once, so the admin header previews them before a reload. */
function applyColorsToPage(colors: ThemeColors) {
  for (const key of THEME_COLOR_KEYS)
    document.documentElement.style.setProperty(`--theme-${key}`, colors[key]);
}

function ThemeCards({ data }: { data: ThemeSettingsData }) {
  const activate = useActivateTheme();
  const [applyDefaults, setApplyDefaults] = useState<Record<string, boolean>>({});
  const run = async (theme: ThemeName) => {
    try {
      const reply = await activate.mutateAsync({ theme, apply_defaults: applyDefaults[theme] ?? false });
      applyColorsToPage(reply.data.themeColors);
      notifySuccess(reply.message ?? '');
    } catch (error) {
      notifyError(errorMessage(error, M.activate));
    }
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {data.availableThemes.map((theme) => {
        const active = theme.name === data.activeTheme;
        return (
          <Card key={theme.name} withBorder radius="md" data-testid={`theme-card-${theme.name}`}>
            <Group justify="space-between" mb="xs">
              <Text fw={700}>{theme.label}</Text>
              {active && <Badge color="green">Active</Badge>}
            </Group>
            <Group
              gap={6}
              mb="sm"
              role="img"
              aria-label={`${theme.label} default colours: ${THEME_COLOR_KEYS.map((key) => `${COLOR_LABELS[key]} ${theme.default_colors[key]}`).join(', ')}`}
            >
              {THEME_COLOR_KEYS.map((key) => (
                <Tooltip key={key} label={`${COLOR_LABELS[key]} ${theme.default_colors[key]}`}>
                  <Box
                    w={28}
                    h={28}
                    style={{
                      borderRadius: 6,
                      border: '1px solid var(--mantine-color-gray-4)',
                      background: theme.default_colors[key],
                    }}
                  />
                </Tooltip>
              ))}
            </Group>
            <Group justify="space-between">
              <Checkbox
                label="Apply default colours"
                checked={applyDefaults[theme.name] ?? false}
                onChange={(e) => setApplyDefaults((s) => ({ ...s, [theme.name]: e.currentTarget.checked }))}
              />
              <Button
                size="xs"
                variant={active ? 'light' : 'filled'}
                loading={activate.isPending && activate.variables?.theme === theme.name}
                onClick={() => run(theme.name)}
              >
                {active ? 'Re-activate' : 'Activate'}
              </Button>
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

function ColorsForm({ data }: { data: ThemeSettingsData }) {
  const update = useUpdateTheme();
  const reset = useResetTheme();
  const [colors, setColors] = useState<ThemeColors>(data.themeColors);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => setColors(data.themeColors), [data.themeColors]);

  const save = async () => {
    const local: Record<string, string> = {};
    for (const key of THEME_COLOR_KEYS) if (!isHexColor(colors[key])) local[`colors.${key}`] = M.color;
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      const reply = await update.mutateAsync({ colors });
      applyColorsToPage(reply.data.themeColors);
      notifySuccess(reply.message ?? '');
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(fields);
      notifyError(errorMessage(error, M.update));
    }
  };

  const resetAll = async () => {
    const ok = await confirmAction({
      title: 'Reset theme?',
      message: 'All colours of the active theme go back to their defaults.',
      confirmLabel: 'Reset',
      danger: true,
    });
    if (!ok) return;
    try {
      const reply = await reset.mutateAsync(data.activeTheme);
      applyColorsToPage(reply.data.themeColors);
      notifySuccess(reply.message ?? '');
    } catch (error) {
      notifyError(errorMessage(error, M.reset));
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={4} mb="sm">
        Colours
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {THEME_COLOR_KEYS.map((key) => (
          <Group key={key} align="flex-end" gap={6} wrap="nowrap">
            <ColorInput
              style={{ flex: 1 }}
              label={`${COLOR_LABELS[key]} colour`}
              format="hex"
              value={colors[key]}
              onChange={(value) => setColors((c) => ({ ...c, [key]: value }))}
              error={errors[`colors.${key}`]}
              description={`Default ${data.themeDefaultColors[key]}`}
              eyeDropperButtonProps={{
                'aria-label': `Pick the ${COLOR_LABELS[key].toLowerCase()} colour from the screen`,
              }}
            />
            <Tooltip label="Reset to default">
              <ActionIcon
                variant="default"
                size="lg"
                mb={errors[`colors.${key}`] ? 22 : 0}
                aria-label={`Reset ${COLOR_LABELS[key].toLowerCase()} colour`}
                onClick={() => setColors((c) => ({ ...c, [key]: data.themeDefaultColors[key] }))}
              >
                <IconRefresh size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
      </SimpleGrid>
      <Box
        mt="md"
        p="md"
        style={{
          background: colors.background,
          color: colors.text,
          borderRadius: 8,
          border: '1px solid #ddd',
        }}
        role="group"
        aria-label="Colour preview"
      >
        {/* As large as the shop's header name, where 3:1 is enough (WCAG large text). */}
        <Text fw={800} size="xl" style={{ color: colors.primary }}>
          Shop name
        </Text>
        <Text size="sm">Text on the background.</Text>
        <Group mt="xs" gap="xs">
          <Box
            px="sm"
            py={4}
            style={{
              background: colors.primary,
              // The shop's buttons pick white or dark labels on the primary colour by contrast.
              color: isHexColor(colors.primary) ? textColorOn(colors.primary) : '#fff',
              borderRadius: 4,
            }}
          >
            Primary
          </Box>
          <Box px="sm" py={4} style={{ background: colors.secondary, borderRadius: 4 }}>
            Secondary
          </Box>
          <Box px="sm" py={4} style={{ background: colors.accent, borderRadius: 4 }}>
            Accent
          </Box>
        </Group>
      </Box>
      <Group justify="flex-end" mt="md">
        <Button variant="default" color="red" onClick={resetAll} loading={reset.isPending}>
          Reset theme
        </Button>
        <Button onClick={save} loading={update.isPending}>
          Save colours
        </Button>
      </Group>
    </Paper>
  );
}

function ImageUpload({ kind, data }: { kind: 'logo' | 'favicon'; data: ThemeSettingsData }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadThemeImage(kind, setProgress);
  const update = useUpdateTheme();
  const isLogo = kind === 'logo';
  const current = isLogo ? data.logo : data.favicon;
  const maxBytes = isLogo ? LOGO_MAX_BYTES : FAVICON_MAX_BYTES;
  const accept = isLogo
    ? 'image/png,image/jpeg,image/webp,image/gif,image/svg+xml'
    : 'image/png,image/jpeg,image/gif,image/x-icon,image/vnd.microsoft.icon,image/svg+xml,.ico';
  const failed = isLogo ? M.logoFailed : M.faviconFailed;

  const chosen = async (file: File | null) => {
    setError(null);
    if (!file || file.size === 0) return setError(M.noFile);
    // spec 2 §6: the size is checked here first; the type is decided by the server from the content.
    if (file.size > maxBytes) return setError(isLogo ? M.logoSize : M.faviconSize);
    setProgress(0);
    try {
      const reply = await upload.mutateAsync(file);
      notifySuccess(reply.message ?? '');
    } catch (e) {
      const fields = fieldErrorsOf(e);
      setError(fields?.[kind] ?? errorMessage(e, failed));
      notifyError(failed);
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    try {
      await update.mutateAsync(isLogo ? { logo_id: null } : { favicon_id: null });
    } catch (e) {
      notifyError(errorMessage(e, M.update));
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={4} mb="xs">
        {isLogo ? 'Logo' : 'Favicon'}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {isLogo ? 'PNG, JPEG, WebP, GIF or SVG, at most 2 MB.' : 'PNG, ICO or SVG, at most 1 MB.'} SVG files
        are cleaned of scripts and links.
      </Text>
      <Group align="center" mb="sm" mih={isLogo ? 64 : 40}>
        {current ? (
          <Image
            src={current.url}
            alt={isLogo ? 'Current logo' : 'Current favicon'}
            h={isLogo ? 56 : 32}
            w="auto"
            fit="contain"
          />
        ) : (
          <Text size="sm" c="dimmed">
            {isLogo ? 'No logo yet.' : 'No favicon yet.'}
          </Text>
        )}
      </Group>
      {progress !== null && <Progress value={progress} mb="sm" aria-label={`${kind} upload progress`} />}
      {error && (
        <Alert color="red" mb="sm" role="alert">
          {error}
        </Alert>
      )}
      <Group>
        <FileButton onChange={chosen} accept={accept}>
          {(props) => (
            <Button {...props} leftSection={<IconUpload size={16} />} loading={upload.isPending}>
              {isLogo ? 'Upload logo' : 'Upload favicon'}
            </Button>
          )}
        </FileButton>
        {current && (
          <Button variant="subtle" color="red" onClick={remove}>
            Remove
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** Theme settings (spec 2 §2, §3, §7): theme, colours, logo and favicon. */
export default function ThemeSettingsPage() {
  const { data, isLoading, isError } = useThemeSettings();
  return (
    <>
      <PageHeader title="Theme settings" description="The storefront's theme, colours, logo and favicon." />
      {isLoading && <Skeleton h={300} />}
      {isError && (
        <Alert color="red" role="alert">
          {M.load}
        </Alert>
      )}
      {data && (
        <Stack>
          <ThemeCards data={data} />
          <ColorsForm data={data} />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <ImageUpload kind="logo" data={data} />
            <ImageUpload kind="favicon" data={data} />
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}
