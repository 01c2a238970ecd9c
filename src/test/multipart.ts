/** A file part of a multipart body. */
export type UploadPart = { name: string; data: Buffer; type?: string };

/** A multipart body as a browser builds it (FormData), ready for app.inject. */
export async function multipartBody(
  field: string,
  uploads: UploadPart[],
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const upload of uploads)
    form.append(field, new Blob([new Uint8Array(upload.data)], { type: upload.type ?? '' }), upload.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}
