import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import rule from './eslint-boundaries.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

// The project's parser: type-only imports count too.
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const options = [
  {
    boundaries: [
      { areas: 'src/web/features', entry: 'index', importers: 'src/web' },
      { areas: 'src/server/modules', entry: 'service', importers: 'src/server/modules' },
    ],
  },
];
const at = (file: string) => path.join(process.cwd(), file);
const valid = (file: string, code: string) => ({ filename: at(file), code, options });
const invalid = (file: string, code: string) => ({
  filename: at(file),
  code,
  options,
  errors: [{ messageId: 'throughEntry' }],
});

tester.run('import-boundaries (docs/decisions/0074)', rule, {
  valid: [
    // Inside an area, neighbours are imported directly.
    valid('src/web/features/posts/components/post-card.tsx', "import { usePost } from '../api/get-post';"),
    // Another feature, or app/, through the entry (the folder or its index).
    valid('src/web/features/posts/api/post-keys.ts', "import { mapKeys } from '../../map';"),
    valid('src/web/app/routes/home.tsx', "import { PostsList } from '../../features/posts/index';"),
    valid('src/web/app/routes/home.tsx', "const map = import('../../features/map');"),
    // Shared code and the domain are no area.
    valid('src/web/features/posts/components/post-card.tsx', "import { cn } from '../../../lib/utils';"),
    // Another server module through its service; app.ts wires modules from outside them.
    valid('src/server/modules/favorites/service.ts', "import type { PostsService } from '../posts/service';"),
    valid('src/server/app.ts', "import { postsRoutes } from './modules/posts/routes';"),
    // Tests are not checked.
    valid(
      'tests/api/images.test.ts',
      "import { storeImage } from '../../src/server/modules/images/service';",
    ),
    // Packages are not resolved.
    valid('src/web/app/provider.tsx', "import { QueryClientProvider } from '@tanstack/react-query';"),
  ],
  invalid: [
    invalid('src/web/features/posts/api/post-keys.ts', "import { mapKeys } from '../../map/api/get-map';"),
    invalid(
      'src/web/app/routes/login.tsx',
      "import { LoginForm } from '../../features/auth/components/login-form';",
    ),
    invalid(
      'src/web/app/routes/home-lazy.tsx',
      "const map = import('../../features/map/components/map-view');",
    ),
    invalid('src/web/features/map/index.ts', "export { PostCard } from '../posts/components/post-card';"),
    invalid('src/web/features/map/index.ts', "export * from '../posts/api/get-posts';"),
    invalid('src/server/modules/posts/service.ts', "import { storeImage } from '../images/store';"),
    invalid('src/server/modules/favorites/service.ts', "import type { PostRow } from '../posts/repository';"),
    // A module has no folder entry: its service is named.
    invalid('src/server/modules/favorites/service.ts', "import { x } from '../posts';"),
  ],
});
