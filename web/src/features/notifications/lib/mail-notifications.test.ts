import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  disableNotifications,
  enableNotifications,
  NOTIFICATIONS_KEY,
  readNotificationState,
  subscribeNotificationState,
} from './mail-notifications';

/**
 * jsdom has no Notification API: a stand-in whose permission the test sets, counting how often
 * the page asks for it (in Chromium each ask is a synchronous call to the browser process).
 */
function installNotification(initial: NotificationPermission) {
  const browser = { permission: initial, asked: 0 };
  class StandIn {
    static get permission() {
      browser.asked += 1;
      return browser.permission;
    }
    static requestPermission = () => Promise.resolve(browser.permission);
  }
  vi.stubGlobal('Notification', StandIn);
  return browser;
}

describe('notification state', () => {
  let unsubscribe = () => {};
  beforeEach(() => {
    // Forgets whatever state an earlier test left known.
    unsubscribe = subscribeNotificationState(() => {});
    document.dispatchEvent(new Event('visibilitychange'));
  });
  afterEach(() => {
    unsubscribe();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('asks the browser once, however often a render reads it', () => {
    const browser = installNotification('granted');
    document.dispatchEvent(new Event('visibilitychange'));
    for (let i = 0; i < 5; i++) expect(readNotificationState()).toBe('off');
    expect(browser.asked).toBe(1);
  });

  it('asks again when the tab is shown or hidden: the permission may have changed meanwhile', () => {
    const browser = installNotification('granted');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(readNotificationState()).toBe('off');
    browser.permission = 'denied';
    expect(readNotificationState()).toBe('off');
    const listener = vi.fn();
    const stop = subscribeNotificationState(listener);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(readNotificationState()).toBe('blocked');
    stop();
  });

  it('tells subscribers of the visitor’s own choice, with the new state', async () => {
    installNotification('granted');
    document.dispatchEvent(new Event('visibilitychange'));
    const seen: string[] = [];
    const stop = subscribeNotificationState(() => seen.push(readNotificationState()));
    expect(readNotificationState()).toBe('off');

    expect(await enableNotifications()).toBe('on');
    expect(window.localStorage.getItem(NOTIFICATIONS_KEY)).toBe('on');
    disableNotifications();
    expect(readNotificationState()).toBe('off');
    expect(seen).toEqual(['on', 'off']);
    stop();
  });
});
