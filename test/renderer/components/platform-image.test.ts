/**
 * The privacy setting: with it on, no picture from a platform's servers is put in the page (an
 * <img> would make the request), only a placeholder of the same size.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { SettingsSnapshot } from '../../../src/shared/contract';

vi.mock('../../../src/renderer/src/transport', () => ({ bridge: { call: async () => ({}), subscribe: () => () => {} } }));

const { PlatformImageView, remoteImagesBlocked } = await import('../../../src/renderer/src/components/PlatformImage');

const THUMB = 'https://i.example-cdn.com/vi/abc/0.jpg';
const snapshot = (blockRemoteImages: boolean) => ({ blockRemoteImages, isDemo: true }) as SettingsSnapshot;
let current: SettingsSnapshot | null = null;
// What the component renders for the settings as read (its store hook only reads remoteImagesBlocked).
const render = (url: string | null) =>
  renderToStaticMarkup(
    createElement(PlatformImageView, { url, blocked: remoteImagesBlocked(current), className: 'fetch-thumb', width: 48, height: 30 }),
  );

describe('PlatformImage', () => {
  it('asks for nothing before the settings are read', () => {
    current = null;
    expect(render(THUMB)).not.toContain('<img');
  });

  it('shows the picture while the setting allows it, https only', () => {
    current = snapshot(false);
    expect(render(THUMB)).toContain(`<img class="fetch-thumb" src="${THUMB}"`);
    expect(render(THUMB)).toContain('referrerPolicy="no-referrer"');
    expect(render('http://i.example-cdn.com/x.jpg')).not.toContain('<img');
  });

  it('shows a placeholder of the same class, and no <img>, when pictures are blocked', () => {
    current = snapshot(true);
    const html = render(THUMB);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('example-cdn');
    expect(html).toContain('class="fetch-thumb platform-image-placeholder"');
  });
});

describe('the privacy setting in words (first-run panel and Settings)', () => {
  it('says which is in force', async () => {
    const { remoteImagesText } = await import('../../../src/renderer/src/components/RemoteImagesChoice');
    expect(remoteImagesText(true)).toMatch(/^Pictures from platforms are blocked/);
    expect(remoteImagesText(false)).toMatch(/^Pictures from platforms are shown/);
  });
});
