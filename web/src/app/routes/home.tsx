import { lazy, memo, Suspense, useEffect, useState, type ComponentType } from 'react';
import { AdSlot } from '@/components/layout/ad-slot';
import { strings } from '@/content/strings';
import { Inbox } from '@/features/inbox';
import {
  AddressCard,
  CountdownCard,
  DeleteNowButton,
  OpenOnPhoneButton,
  SharedMailboxQuestion,
  useMailbox,
} from '@/features/mailbox';
import { NotificationToggleSlot, notifyNewMail } from '@/features/notifications';

/**
 * The explanations and the FAQ under the generator are a chunk of their own: static text, already
 * in the prerendered HTML, whose code and words need not hold up the generator. At hydration
 * React keeps their HTML as it is inside the Suspense boundary and hydrates it once the chunk is
 * there (selective hydration), in a task of its own. The prerenderer loads the chunk before it
 * renders the page (`entry-server.tsx`), so that the HTML has the lower half.
 */
export const loadHomeInfo = () =>
  import('@/components/home/home-info').then((module) => {
    loadedHomeInfo = module.HomeInfo;
    return { default: module.HomeInfo };
  });
let loadedHomeInfo: ComponentType | undefined;
const LazyHomeInfo = lazy(loadHomeInfo);

/**
 * The boundary, memoized: an update that reached a boundary still waiting to hydrate would make
 * React drop its server HTML and render it anew, and the generator above re-renders often.
 */
const HomeInfoSlot = memo(function HomeInfoSlot() {
  // Chosen once: the component itself when its chunk is already there (the prerenderer loaded
  // it), else the lazy one, which suspends until it is.
  const [HomeInfo] = useState(() => loadedHomeInfo ?? LazyHomeInfo);
  return (
    <Suspense fallback={null}>
      <HomeInfo />
    </Suspense>
  );
});

/**
 * `/`: the generator (address with its actions, countdown, live inbox), then the explanations and
 * the FAQ.
 */
export function HomeRoute() {
  const mailbox = useMailbox();
  // The worker is the home page's alone: the pages that are read need no notifications. Its
  // code is a chunk of its own, out of the first download.
  useEffect(() => {
    import('@/lib/service-worker').then(
      (module) => module.registerServiceWorker(),
      (error: unknown) => console.warn('Service worker code could not be loaded', error),
    );
  }, []);
  const token = mailbox.session?.token ?? null;
  const mailboxState =
    mailbox.phase === 'active' ? 'ready' : mailbox.phase === 'starting' ? 'starting' : 'gone';

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-6 sm:py-10">
      <section aria-labelledby="home-title" className="flex flex-col gap-2">
        <p className="text-sm font-medium text-primary">{strings.hero.eyebrow}</p>
        <h1 id="home-title" className="text-2xl font-bold tracking-tight text-balance sm:text-4xl">
          {strings.hero.title}
        </h1>
        <p className="max-w-3xl text-muted-foreground sm:text-lg">{strings.hero.lead}</p>
      </section>

      <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <AddressCard
          phase={mailbox.phase}
          email={mailbox.session?.email ?? null}
          onNewAddress={mailbox.createNew}
          domains={mailbox.domains}
          onChangeDomain={mailbox.changeDomain}
          actions={
            <>
              <OpenOnPhoneButton token={token} />
              <NotificationToggleSlot />
              <DeleteNowButton
                email={mailbox.session?.email ?? null}
                isDeleting={mailbox.isDeleting}
                onConfirm={mailbox.deleteNow}
              />
            </>
          }
        />
        <CountdownCard
          expiresAt={mailbox.expiresAt}
          maxExpiresAt={mailbox.maxExpiresAt}
          onExpire={mailbox.expire}
          onExtend={mailbox.extend}
          canExtend={mailbox.phase === 'active'}
          pending={mailbox.phase === 'starting'}
          isExtending={mailbox.isExtending}
        />
      </div>

      <Inbox
        key={token ?? mailbox.phase}
        token={token}
        mailboxState={mailboxState}
        baseTitle={strings.meta.homeTitle}
        onMailboxGone={mailbox.expire}
        onMailboxExtended={mailbox.applyExpiresAt}
        onNewMail={notifyNewMail}
      />

      <SharedMailboxQuestion offer={mailbox.sharedOffer} onAnswer={mailbox.answerSharedOffer} />

      <AdSlot />

      <HomeInfoSlot />

      <AdSlot />
    </div>
  );
}
