/**
 * DECISIONS 24: the admin's custom code goes on storefront pages except login, checkout, payment
 * and account pages, which stay free of admin-supplied script. Listed by what may carry it, so a
 * new page kind carries none until someone decides it should.
 */
export const CUSTOM_CODE_PAGES = ['home'] as const;

export function allowsCustomCode(page: string): boolean {
  return (CUSTOM_CODE_PAGES as readonly string[]).includes(page);
}

/**
 * The custom code with this response's nonce on each of its script tags, so the
 * Content-Security-Policy lets exactly those run (docs/decisions/0007). Inline event handlers
 * (onclick="…") still do not run: the policy has no 'unsafe-inline'.
 */
export function withScriptNonce(html: string, nonce: string): string {
  return html.replace(/<script\b(?![^>]*\bnonce=)/gi, `<script nonce="${nonce}"`);
}

/** The policy of this response with the nonce allowed in script-src. */
export function policyWithNonce(policy: string, nonce: string): string {
  return policy.replace(/script-src ([^;]*)/, `script-src $1 'nonce-${nonce}'`);
}
