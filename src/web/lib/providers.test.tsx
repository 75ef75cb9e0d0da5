import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useLiveStatus } from './live-provider';
import { useSession } from './session-provider';

function SessionReader() {
  return <p>{useSession().user?.username ?? 'guest'}</p>;
}

function LiveReader() {
  return <p>{useLiveStatus()}</p>;
}

describe('the auth and notification contexts (spec §8)', () => {
  it('throw when read outside their provider', () => {
    expect(() => renderToStaticMarkup(<SessionReader />)).toThrow('useSession must be used inside a SessionProvider');
    expect(() => renderToStaticMarkup(<LiveReader />)).toThrow('useLive must be used inside a LiveProvider');
  });
});
