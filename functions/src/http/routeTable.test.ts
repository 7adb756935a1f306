import { describe, expect, it } from 'vitest';
import { apiRouteGuards, isExport, writesOrExports } from '../../test/routes.testkit';

describe('the route table', () => {
  it('lets a token trusted until it expires reach only reads: every route that writes or exports checks the live session', () => {
    const trusting = [...apiRouteGuards()].filter(
      ([route, guard]) => guard === 'signedIn' && writesOrExports(route, guard),
    );
    expect(trusting).toEqual([]);
  });

  it('tells the account export by its path', () => {
    expect([...apiRouteGuards().keys()].filter(isExport)).toEqual(['GET /api/account/export']);
  });
});
