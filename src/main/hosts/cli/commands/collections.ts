import type { Command } from 'commander';
import { GleanerError } from '../../../../shared/errors';
import type { CollectionItem } from '../../../../shared/library';
import type { CliContext } from '../context';
import { labelLine, oneLine } from './search';
import { quoteInput } from '../../../../shared/quote-input';

function parseItemIds(words: readonly string[]): number[] {
  return words.map((word) => {
    const id = Number(word.replace(/^#/, ''));
    if (!/^#?\d+$/.test(word) || !Number.isSafeInteger(id) || id < 1) {
      throw new GleanerError(
        'INVALID_INPUT',
        `Item ids are whole numbers, as \`gleaner search\` shows them; ${quoteInput(word)} is not one.`,
      );
    }
    return id;
  });
}

/** An item of `collections show`: its line, then this collection's note and its tags (library-wide ones marked). */
function itemLines(item: CollectionItem): string[] {
  const tags = item.tags.map((t) => `${oneLine(t.tag)}${t.collection === null ? ' (library-wide)' : ''}`);
  return [
    `  #${item.id} [${item.platform} ${item.kind}] ${labelLine({ ...item, text: item.excerpt })}`,
    ...(item.note ? [`      note: ${oneLine(item.note)}`] : []),
    ...(tags.length ? [`      tags: ${tags.join(', ')}`] : []),
  ];
}

export function registerCollections(program: Command, ctx: CliContext): void {
  const collections = program.command('collections').description('collections: list, create, rename, delete, add, remove, show');
  const print = (command: Command, json: unknown, text: string) => ctx.io.stdout(ctx.json(command) ? `${JSON.stringify(json)}\n` : text);

  collections
    .command('list')
    .description('every collection with its item count')
    .action((_options: unknown, command: Command) =>
      ctx.withCore(
        command,
        async (core) => {
          const all = await core.client.call('collections.list', {});
          print(
            command,
            { collections: all },
            all.length ? all.map((c) => `${c.name} (${c.itemCount})\n`).join('') : 'No collections yet.\n',
          );
        },
        { existing: true },
      ),
    );

  collections
    .command('create')
    .argument('<name>')
    .action((name: string, _options: unknown, command: Command) =>
      ctx.withCore(command, async (core) => {
        const created = await core.client.call('collections.create', { name });
        print(command, created, `Created collection ${created.name}.\n`);
      }),
    );

  collections
    .command('rename')
    .argument('<old>')
    .argument('<new>')
    .action((oldName: string, newName: string, _options: unknown, command: Command) =>
      ctx.withCore(command, async (core) => {
        await core.client.call('collections.rename', { name: oldName, newName });
        print(command, { renamed: { from: oldName, to: newName.trim() } }, `Renamed ${oldName} to ${newName.trim()}.\n`);
      }),
    );

  collections
    .command('delete')
    .description('delete a collection (its items stay in the library)')
    .argument('<name>')
    .action((name: string, _options: unknown, command: Command) =>
      ctx.withCore(command, async (core) => {
        const { items } = await core.client.call('collections.delete', { name });
        print(command, { deleted: name, items }, `Deleted collection ${name}; its ${items} items stay in the library.\n`);
      }),
    );

  collections
    .command('add')
    .argument('<name>')
    .argument('<ids...>', 'item ids')
    .action((name: string, ids: string[], _options: unknown, command: Command) =>
      ctx.withCore(command, async (core) => {
        const result = await core.client.call('collections.add', { name, itemIds: parseItemIds(ids) });
        print(command, result, `Added ${result.added} item(s) to ${name}.\n`);
      }),
    );

  collections
    .command('remove')
    .argument('<name>')
    .argument('<ids...>', 'item ids')
    .action((name: string, ids: string[], _options: unknown, command: Command) =>
      ctx.withCore(command, async (core) => {
        const { removed } = await core.client.call('collections.remove', { name, itemIds: parseItemIds(ids) });
        print(command, { removed }, `Removed ${removed} item(s) from ${name}.\n`);
      }),
    );

  collections
    .command('show')
    .description('the items in order, with the note and tags each has here (library-wide tags marked)')
    .argument('<name>')
    .action((name: string, _options: unknown, command: Command) =>
      ctx.withCore(
        command,
        async (core) => {
          const { collection, items } = await core.client.call('collections.items', { name });
          const text = [`${collection.name}: ${collection.itemCount} item(s)`, ...items.flatMap(itemLines)];
          print(command, { collection, items }, `${text.join('\n')}\n`);
        },
        { existing: true },
      ),
    );
}
