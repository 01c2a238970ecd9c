import { Center, Image } from '@mantine/core';
import { IconFile, IconFileSpreadsheet, IconFileTypePdf, IconFileWord, IconPhoto } from '@tabler/icons-react';
import type { FileReply } from '../files.api';

function DocumentIcon({ extension, size }: { extension: string; size: number }) {
  const props = { size, stroke: 1.4, 'aria-hidden': true } as const;
  if (extension === 'pdf') return <IconFileTypePdf {...props} color="var(--mantine-color-red-7)" />;
  if (['xls', 'xlsx', 'csv'].includes(extension))
    return <IconFileSpreadsheet {...props} color="var(--mantine-color-teal-7)" />;
  if (['doc', 'docx'].includes(extension))
    return <IconFileWord {...props} color="var(--mantine-color-blue-7)" />;
  return <IconFile {...props} color="var(--mantine-color-gray-6)" />;
}

/** A file's picture: its preview for images, an icon for the rest. */
export function FileThumb({ file, size }: { file: FileReply; size: number | '100%' }) {
  const iconSize = size === '100%' ? 56 : Math.round(size * 0.6);
  const src = file.preview_url ?? (file.is_image ? file.url : null);
  return (
    <Center
      w={size}
      h={size}
      bg="gray.0"
      style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', flexShrink: 0 }}
    >
      {src ? (
        <Image src={src} alt="" loading="lazy" fit="contain" w="100%" h="100%" />
      ) : file.is_image ? (
        <IconPhoto size={iconSize} stroke={1.4} aria-hidden color="var(--mantine-color-gray-6)" />
      ) : (
        <DocumentIcon extension={file.extension} size={iconSize} />
      )}
    </Center>
  );
}
