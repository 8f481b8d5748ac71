import { describe, expect, it } from 'vitest';
import { inspectorUrl } from './inspector-url.ts';

describe('the inspector address printed for a listening address', () => {
  it('is the address itself on loopback', () => {
    expect(inspectorUrl('127.0.0.1', 8787)).toBe('http://127.0.0.1:8787/');
    expect(inspectorUrl('::1', 8787)).toBe('http://[::1]:8787/');
  });

  it('is loopback on every interface, where the wildcard address would be refused (Host: 0.0.0.0)', () => {
    expect(inspectorUrl('0.0.0.0', 8787)).toBe('http://127.0.0.1:8787/');
    expect(inspectorUrl('::', 8787)).toBe('http://[::1]:8787/');
  });

  it('is none on one other interface: no request from there is a loopback one', () => {
    expect(inspectorUrl('192.168.1.5', 8787)).toBeUndefined();
    expect(inspectorUrl('fe80::1', 8787)).toBeUndefined();
  });
});
