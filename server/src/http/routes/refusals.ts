import type { RefusalList as RefusalListBody } from '@et/common';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../deps';
import type { Authenticate } from '../plugins/auth';
import { authErrors, RefusalList } from '../schemas';

/** Why mail did not arrive: the refusals a mailbox keeps (ingest/smtp/refusal-log.ts). */
export const refusalRoutes: FastifyPluginAsyncTypebox<{
  deps: AppDeps;
  authenticate: Authenticate;
}> = async (app, { deps, authenticate }) => {
  app.get(
    '/mailbox/refusals',
    {
      schema: {
        summary: 'Mail that SMTP refused or cut for this mailbox',
        description:
          'Newest first, at most 20, gone with the mailbox. Each new one is also sent as a ' +
          'delivery.refused event. Only refusals of mail addressed to this mailbox are kept: a ' +
          'recipient it accepted, or refused because it was full.',
        tags: ['Mailbox'],
        response: { 200: RefusalList, ...authErrors },
      },
    },
    async (request): Promise<RefusalListBody> => {
      const mailbox = await authenticate(request);
      const refusals = await deps.store.listRefusals(mailbox.address);
      return { refusals: refusals.map((r) => ({ ...r, at: new Date(r.at).toISOString() })) };
    },
  );
};
