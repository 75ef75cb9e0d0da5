import { MarketingPage } from '../../features/marketing';
import { RequireAdmin } from './require-admin';

/**
 * /marketing (spec §2 Marketing, DECISIONS 28): the Command Center, for admins only. The gate is in
 * this route's chunk with the page, as /admin's is: the home screen needs neither (docs/decisions/0040).
 */
export function Marketing() {
  return (
    <RequireAdmin>
      <MarketingPage />
    </RequireAdmin>
  );
}
