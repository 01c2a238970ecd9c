import { Button, Progress, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { withQuery } from '../lib/http';
import { downloadWithProgress, EXPORT_EMPTY } from '../lib/transfer';
import { LIST_MESSAGES } from './list/list-messages';
import { notifyError, notifySuccess } from './notify';

/** Downloads an export with a progress bar; failures say "Export failed. Please try again." (spec 1 §8). */
export function ExportButton({
  url,
  query,
  fallbackName,
  label = 'Export',
}: {
  url: string;
  query?: Record<string, string | number | undefined>;
  fallbackName: string;
  label?: string;
}) {
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const busy = progress !== undefined;
  return (
    <Stack gap={4}>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        loading={busy}
        onClick={async () => {
          setProgress(0);
          try {
            const name = await downloadWithProgress(withQuery(url, query), fallbackName, setProgress);
            notifySuccess(`Downloaded ${name}`);
          } catch (error) {
            notifyError(
              error instanceof Error && error.message === EXPORT_EMPTY ? EXPORT_EMPTY : LIST_MESSAGES.export,
            );
          } finally {
            setProgress(undefined);
          }
        }}
      >
        {label}
      </Button>
      {busy && (
        <Progress
          value={progress ?? 100}
          animated={progress === null}
          size="xs"
          aria-label="Export progress"
        />
      )}
    </Stack>
  );
}
