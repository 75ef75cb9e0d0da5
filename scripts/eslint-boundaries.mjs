// The ESLint rule `local/import-boundaries` (docs/decisions/0074): an area (a web feature, a server
// module) is reached from outside only through its entry file, so what others may use of it is
// written in one place. Each boundary names the folder of the areas, the entry's name, and the
// folder whose files are checked:
//   { areas: 'src/web/features', entry: 'index', importers: 'src/web' }
//   -> src/web/app/routes/home.tsx may import '../../features/posts' (its index.ts), not
//      '../../features/posts/components/posts-list'; files inside features/posts import their
//      neighbours freely.
// Only relative imports are resolved (the project has no path aliases).
import path from 'node:path';

const EXTENSION = /\.(?:[cm]?[jt]sx?)$/;

/** `file` as a path from `cwd`, with '/' and without its extension. */
function fromRoot(cwd, file) {
  return path.relative(cwd, file).split(path.sep).join('/').replace(EXTENSION, '');
}

/** The area `file` lies in under `areas` ('src/web/features/posts/api/x' -> { name: 'posts', rest: 'api/x' }). */
function areaOf(file, areas) {
  if (!file.startsWith(`${areas}/`)) return null;
  const [name, ...rest] = file.slice(areas.length + 1).split('/');
  return { name, rest: rest.join('/') };
}

const within = (file, folder) => file === folder || file.startsWith(`${folder}/`);

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'reach another web feature or server module only through its entry file' },
    schema: [
      {
        type: 'object',
        properties: {
          boundaries: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                areas: { type: 'string' },
                entry: { type: 'string' },
                importers: { type: 'string' },
              },
              required: ['areas', 'entry', 'importers'],
              additionalProperties: false,
            },
          },
        },
        required: ['boundaries'],
        additionalProperties: false,
      },
    ],
    messages: {
      throughEntry: "Reach '{{area}}' through its entry {{entry}}, not {{target}} (docs/decisions/0074).",
    },
  },
  create(context) {
    const [{ boundaries }] = context.options;
    const importer = fromRoot(context.cwd, context.filename);
    const checked = boundaries.filter((b) => within(importer, b.importers));
    if (checked.length === 0) return {};

    function check(node) {
      const source = node.source;
      if (
        !source ||
        source.type !== 'Literal' ||
        typeof source.value !== 'string' ||
        !source.value.startsWith('.')
      )
        return;
      const target = fromRoot(context.cwd, path.resolve(path.dirname(context.filename), source.value));
      for (const { areas, entry } of checked) {
        const area = areaOf(target, areas);
        if (!area || area.name === areaOf(importer, areas)?.name) continue;
        // A folder import means its index: an entry only where the entry is the index.
        if (area.rest === entry || (area.rest === '' && entry === 'index')) continue;
        context.report({
          node: source,
          messageId: 'throughEntry',
          data: { area: `${areas}/${area.name}`, entry: `${areas}/${area.name}/${entry}.ts`, target },
        });
      }
    }

    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

export default rule;
