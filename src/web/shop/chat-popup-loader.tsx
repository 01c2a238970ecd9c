import { lazy, Suspense, useEffect, useState } from 'react';
import type { ChatPopupSettings, ChatPopupSettingsReply } from '../../contracts/chat-popup';
import { popupShowsOn } from '../../domain/chat-popup/chat-popup';

/** The popup itself is its own chunk, fetched only when a page is going to show it. */
const ChatPopup = lazy(() => import('./chat-popup'));

/** Closed by the visitor: it stays closed for the rest of their visit (docs/decisions/0055). */
export const CHAT_POPUP_CLOSED_KEY = 'emporium:chat-popup-closed';

function closedThisVisit(): boolean {
  try {
    return sessionStorage.getItem(CHAT_POPUP_CLOSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * spec 3 §4 "Chat popup: shown after the configured delay if enabled and the page type matches".
 * Reads GET /api/whatsapp-popup/settings after hydration (spec 3 §7), so the server's HTML and the
 * first render are the same and a page without the popup never loads its code.
 */
export function ChatPopupLoader({ path, productName }: { path: string; productName: string | null }) {
  const [settings, setSettings] = useState<ChatPopupSettings | null>(null);
  const [closed, setClosed] = useState(false);

  useEffect(() => {
    if (closedThisVisit()) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const abort = new AbortController();
    fetch('/api/whatsapp-popup/settings', { headers: { Accept: 'application/json' }, signal: abort.signal })
      .then((response) => (response.ok ? (response.json() as Promise<ChatPopupSettingsReply>) : null))
      .then((reply) => {
        const s = reply?.settings;
        if (!s?.whatsapp_popup_enabled || !s.whatsapp_phone_number) return;
        if (!popupShowsOn(s.whatsapp_popup_show_on_pages, path)) return;
        timer = setTimeout(() => setSettings(s), s.whatsapp_popup_delay_seconds * 1000);
      })
      // The popup is an extra: a failed load shows nothing and says nothing.
      .catch(() => {});
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [path]);

  if (!settings || closed) return null;
  return (
    <Suspense fallback={null}>
      <ChatPopup
        settings={settings}
        productName={productName}
        onClose={() => {
          setClosed(true);
          try {
            sessionStorage.setItem(CHAT_POPUP_CLOSED_KEY, '1');
          } catch {
            // Private modes without storage: closed for this page only.
          }
        }}
      />
    </Suspense>
  );
}
