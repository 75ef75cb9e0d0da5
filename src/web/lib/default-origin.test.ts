import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOME_ORIGIN } from '../../domain/geo';
import { ORIGIN_NAME_MARK } from '../../domain/pages';
import { defaultOrigin } from './default-origin';
import { stubHead } from './page-head.fixture';

describe('the default origin', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is the point and name the server's page head gives", () => {
    stubHead({ 'app:default-origin': '49.2827,-123.1207', 'app:default-origin-name': 'downtown Vancouver' });
    expect(defaultOrigin()).toEqual({ lat: 49.2827, lng: -123.1207, name: 'downtown Vancouver' });
  });

  it('is named by the mark the server replaces while the build prerenders, with no page', () => {
    expect(defaultOrigin()).toEqual({ ...HOME_ORIGIN, name: ORIGIN_NAME_MARK });
  });

  it('is downtown Toronto on a page without the tags, or with a point that is not one', () => {
    stubHead({});
    expect(defaultOrigin()).toEqual(HOME_ORIGIN);
    stubHead({ 'app:default-origin': '123,456', 'app:default-origin-name': 'Nowhere' });
    expect(defaultOrigin()).toEqual(HOME_ORIGIN);
    stubHead({ 'app:default-origin': '49.2827,-123.1207', 'app:default-origin-name': '  ' });
    expect(defaultOrigin()).toEqual(HOME_ORIGIN);
  });
});
