import type { Request } from 'express';
import type { z } from 'zod';
import {
  AdminRefundRequest,
  AllPredictionsQuery,
  AuditLogQuery,
  CourtesyCreditRequest,
  CustomerPageQuery,
  IdempotencyKey,
  SignOutEverywhereRequest,
  SUPPORT_MESSAGES,
  UserIdParam,
  type AllPredictionsPage,
  type AuditLogPage,
  type CustomerStatementPage,
  type CustomerView,
} from '@stockseer/contract';
import type { AppDeps } from '../deps';
import { callerOf } from '../auth';
import { get, post, type ApiRoute } from '../routeTable';
import { parseInput } from '../validate';
import type { Caller } from '../../domain/caller';
import { validationError } from '../../domain/errors';
import { accountOf } from '../../adapters/auth/accounts';
import { adminActivity, allPredictions } from '../../services/admin/lists';
import { refundForCustomer } from '../../services/support/adminRefund';
import { giveCourtesyCredit } from '../../services/support/courtesyCredit';
import { customerStatement, customerView } from '../../services/support/customerView';
import { signOutEverywhere } from '../../services/support/signOutEverywhere';

const userIdOf = (req: Request) => parseInput(UserIdParam, req.params.uid);

/** Every support action names its request: a retry with the same key does nothing twice (docs/product.md#support-actions). */
function idempotencyKeyOf(req: Request): string {
  const key = req.get('idempotency-key');
  if (key === undefined) throw validationError(SUPPORT_MESSAGES.keyRequired);
  return parseInput(IdempotencyKey, key);
}

/** The customer view, the support actions and the audit log (docs/product.md#support): admins only. */
export function supportRoutes(deps: AppDeps): ApiRoute[] {
  /** A support action on one user: its body, then its key, then the service, which answers a contract type. */
  const supportAction = <S extends z.ZodType>(
    path: string,
    schema: S,
    act: (deps: AppDeps, admin: Caller, userId: string, request: z.infer<S>, key: string) => Promise<unknown>,
  ) =>
    post(`/admin/users/:uid/${path}`, 'admin', async (req, res) => {
      const userId = userIdOf(req);
      const request = parseInput(schema, req.body);
      res.json(await act(deps, callerOf(req), userId, request, idempotencyKeyOf(req)));
    });

  return [
    get('/admin/users/:uid', 'admin', async (req, res) => {
      res.json((await customerView(deps, userIdOf(req))) satisfies CustomerView);
    }),

    get('/admin/users/:uid/statement', 'admin', async (req, res) => {
      const query = parseInput(CustomerPageQuery, req.query);
      res.json((await customerStatement(deps, userIdOf(req), query)) satisfies CustomerStatementPage);
    }),

    get('/admin/users/:uid/predictions', 'admin', async (req, res) => {
      const userId = userIdOf(req);
      const query = parseInput(AllPredictionsQuery.omit({ userId: true }), req.query);
      await accountOf(deps.auth, userId);
      res.json((await allPredictions(deps.db, { ...query, userId })) satisfies AllPredictionsPage);
    }),

    supportAction('credits', CourtesyCreditRequest, giveCourtesyCredit),
    supportAction('refunds', AdminRefundRequest, refundForCustomer),
    supportAction('sign-out', SignOutEverywhereRequest, signOutEverywhere),

    get('/admin/audit-log', 'admin', async (req, res) => {
      res.json((await adminActivity(deps.db, parseInput(AuditLogQuery, req.query))) satisfies AuditLogPage);
    }),
  ];
}
