import { Table } from '@mantine/core';
import { useState } from 'react';

/**
 * Rendered template HTML in a sandboxed frame: scripts cannot run (no allow-scripts) and the
 * admin's page styles do not leak in; the HTML is sanitised on save as well (docs/decisions/0028).
 * allow-same-origin only lets this page read the frame's height to show the whole document.
 */
export function HtmlPreview({ html, title }: { html: string; title: string }) {
  const [height, setHeight] = useState(360);
  const doc = `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:system-ui,sans-serif;color:#333;margin:16px;line-height:1.5;overflow-wrap:anywhere}</style></head><body>${html}</body></html>`;
  return (
    <iframe
      title={title}
      sandbox="allow-same-origin"
      srcDoc={doc}
      onLoad={(event) => {
        const body = event.currentTarget.contentDocument?.documentElement;
        if (body) setHeight(Math.max(200, Math.min(body.scrollHeight + 4, 4000)));
      }}
      style={{
        width: '100%',
        height,
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 8,
        background: '#fff',
      }}
    />
  );
}

/** The sample values a preview was rendered with. */
export function SampleValuesTable({ values }: { values: Record<string, string> }) {
  return (
    <Table fz="xs" aria-label="Sample values" style={{ tableLayout: 'fixed', overflowWrap: 'anywhere' }}>
      <Table.Tbody>
        {Object.entries(values).map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Td ff="monospace" w="45%">
              {name}
            </Table.Td>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
