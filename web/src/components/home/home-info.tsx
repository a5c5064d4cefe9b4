import { homeFaq, homeFaqTitle, homeSections } from '@/content/home';
import { HomeFaq } from './home-faq';
import { HomeSections } from './home-sections';

/**
 * What the home page says under the generator: the explanations and the FAQ. Static text (the
 * FAQ's answers open without script): the home route loads it as a chunk of its own.
 */
export function HomeInfo() {
  return (
    <div className="mt-6 flex flex-col gap-12">
      <HomeSections sections={homeSections} />
      <HomeFaq title={homeFaqTitle} entries={homeFaq} />
    </div>
  );
}
