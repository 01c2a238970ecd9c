import { describe, expect, it } from 'vitest';
import {
  chatUrl,
  fillMessageTemplate,
  isChatPhoneNumber,
  isMobileAgent,
  phoneDigits,
  popupShowsOn,
  popupText,
} from './chat-popup';

describe('the chat popup rules (spec 3 §9)', () => {
  it.each([
    ['+230 5250 0001', true],
    ['(230) 5250-0001', true],
    ['52500001', true],
    ['123456', false],
    ['+1234567890123456', false],
    ['call me', false],
    ['', false],
  ])('%s is a chat phone number: %s', (phone, ok) => {
    expect(isChatPhoneNumber(phone)).toBe(ok);
  });

  it('keeps only digits for links', () => {
    expect(phoneDigits('+230 (5250) 00-01')).toBe('23052500001');
  });

  it('fills {product_name} and {page_url}, and leaves other braces alone', () => {
    expect(
      fillMessageTemplate('Hi, about {product_name} ({page_url}) {price}', {
        product_name: 'Oak chair',
        page_url: 'https://shop.test/product/oak',
      }),
    ).toBe('Hi, about Oak chair (https://shop.test/product/oak) {price}');
    expect(fillMessageTemplate('{product_name}!', {})).toBe('!');
  });

  it('opens the mobile link on a phone and the web link elsewhere, the message encoded', () => {
    expect(chatUrl('+230 5250 0001', 'Hi & bye?', true)).toBe(
      'https://wa.me/23052500001?text=Hi%20%26%20bye%3F',
    );
    expect(chatUrl('+230 5250 0001', 'Hi', false)).toBe(
      'https://web.whatsapp.com/send?phone=23052500001&text=Hi',
    );
  });

  it.each([
    ['small', 'Talk to us', 'Oak chair', 'Chat'],
    ['medium', 'Talk to us', 'Oak chair', 'Have questions?'],
    ['large', 'Talk to us', 'Oak chair', 'Questions about Oak chair?'],
    ['large', 'Talk to us', 'Extra long product name', 'Questions about Extra long prod…?'],
    ['large', 'Talk to us', null, 'Talk to us'],
  ] as const)('size %s with text %s for %s reads %s', (size, configured, product, text) => {
    expect(popupText(size, configured, product)).toBe(text);
  });

  it.each([
    ['product_details', '/product/oak-chair', true],
    ['product_details', '/products/oak-chair', true],
    ['product_details', '/category/chairs', false],
    ['category_pages', '/category/chairs', true],
    ['category_pages', '/', false],
    ['all_pages', '/', true],
  ] as const)('%s shows on %s: %s', (pages, path, shown) => {
    expect(popupShowsOn(pages, path)).toBe(shown);
  });
});

describe('which device opens the mobile link', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36', true],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', true],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15', true],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36', false],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0', false],
  ])('%s is mobile: %s', (agent, mobile) => {
    expect(isMobileAgent(agent)).toBe(mobile);
  });
});
