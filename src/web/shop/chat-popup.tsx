import './chat-popup.css';
import type { ChatPopupSettings } from '../../contracts/chat-popup';
import { chatUrl, fillMessageTemplate, isMobileAgent, popupText } from '../../domain/chat-popup/chat-popup';

/**
 * The chat popup (spec 3 §3 Chat popup settings, §9): a link that opens a chat with the shop's
 * number — the app's link on a phone, the web one elsewhere — with the message template filled
 * with the product and the page. Not a dialog: it takes no focus, sits last in the tab order, and
 * closes with its button or Escape.
 */
export default function ChatPopup({
  settings,
  productName,
  onClose,
}: {
  settings: ChatPopupSettings;
  productName: string | null;
  onClose: () => void;
}) {
  const text = popupText(settings.whatsapp_popup_size, settings.whatsapp_popup_text, productName);
  const message = fillMessageTemplate(settings.whatsapp_message_template, {
    product_name: productName ?? '',
    page_url: window.location.href,
  });
  const url = chatUrl(settings.whatsapp_phone_number, message, isMobileAgent(navigator.userAgent));
  // The popup leaves the page: the focus goes back to the content, not to the top of the document.
  const close = () => {
    onClose();
    document.getElementById('main')?.focus();
  };
  const classes = [
    'chat-popup',
    `chat-popup--${settings.whatsapp_popup_position}`,
    `chat-popup--${settings.whatsapp_popup_theme}`,
    `chat-popup--${settings.whatsapp_popup_size}`,
  ].join(' ');

  return (
    <aside
      className={classes}
      aria-label="Chat with us"
      data-testid="chat-popup"
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <a className="chat-popup__link" href={url} target="_blank" rel="noopener noreferrer">
        <svg className="chat-popup__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.7-1.4.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z"
          />
        </svg>
        <span>{text}</span>
        <span className="chat-popup__hidden"> – chat with us on WhatsApp (opens in a new tab)</span>
      </a>
      <button type="button" className="chat-popup__close" aria-label="Close the chat popup" onClick={close}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" width="14" height="14">
          <path stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </aside>
  );
}
