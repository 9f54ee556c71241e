import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Center, Container, Flex, Group, Paper, SimpleGrid, Stack } from './layout';
import { Divider, Grid } from './layoutBlocks';
import { Table } from './Table';
import { Anchor, Text, Title, VisuallyHidden } from './text';
import { Code, List } from './textBlocks';

const html = (node: ReactNode) => renderToStaticMarkup(node);

describe('layout components', () => {
  it('turn gap, justify, align and wrap into inline styles on the element', () => {
    expect(
      html(
        <Group gap="xs" justify="space-between" wrap="nowrap">
          a
        </Group>,
      ),
    ).toBe(
      '<div class="st-Group-root" style="gap:var(--st-sp-xs);justify-content:space-between;flex-wrap:nowrap">a</div>',
    );
    expect(html(<Stack gap={4} align="flex-start" />)).toBe(
      '<div class="st-Stack-root" style="gap:4px;align-items:flex-start"></div>',
    );
    // no props, no style: the defaults are the stylesheet's
    expect(html(<Stack />)).toBe('<div class="st-Stack-root"></div>');
  });

  it('mark the variants as data attributes and keep style props off the DOM', () => {
    const out = html(
      <Paper withBorder p="md" radius="xl" shadow="sm" maw={400} component="section" aria-label="x">
        x
      </Paper>,
    );
    expect(out).toMatch(/^<section aria-label="x" data-with-border="" class="st-Paper-root" style="/);
    expect(out).toContain('border-radius:var(--st-radius-xl);box-shadow:var(--st-shadow-sm)');
    expect(out).toContain('padding:var(--st-sp-md);max-width:400px');
    expect(out).not.toMatch(/ (withBorder|radius|shadow|maw|p|component)=/i);
    expect(html(<Group grow />)).toBe('<div data-grow="" class="st-Group-root"></div>');
    expect(html(<Center inline mih={80} />)).toBe(
      '<div class="st-Center-root" style="display:inline-flex;min-height:80px"></div>',
    );
  });

  it('lets style and the style props win over a component default, and joins the classes', () => {
    expect(html(<Stack gap="sm" className="st-scroll" style={{ gap: 2 }} />)).toBe(
      '<div class="st-Stack-root st-scroll" style="gap:2px"></div>',
    );
    expect(html(<Container size="sm" px={0} />)).toBe(
      '<div class="st-Container-root" style="max-width:45rem;padding-left:0px;padding-right:0px"></div>',
    );
  });

  it('give a responsive prop every breakpoint, each carrying the one below', () => {
    const out = html(<SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4} />);
    expect(out).toContain('class="st-SimpleGrid-root st-r"');
    expect(out).toContain('gap:4px var(--st-sp-xs)');
    expect(out).toContain(
      '--r:repeat(1, minmax(0, 1fr));--r-xs:repeat(1, minmax(0, 1fr));--r-sm:repeat(2, minmax(0, 1fr));' +
        '--r-md:repeat(2, minmax(0, 1fr))"',
    );
    // a plain value is the property itself: nothing for a nested grid to inherit
    expect(html(<SimpleGrid cols={2} />)).toBe(
      '<div class="st-SimpleGrid-root" style="grid-template-columns:repeat(2, minmax(0, 1fr))"></div>',
    );
    expect(html(<Grid.Col span={{ base: 12, sm: 4 }} />)).toContain(
      '--r:span 12;--r-xs:span 12;--r-sm:span 4',
    );
    expect(html(<Grid.Col span={6} />)).toBe('<div class="st-Grid-col" style="grid-column:span 6"></div>');
    expect(html(<Flex direction={{ base: 'column', sm: 'row' }} />)).toContain(
      'class="st-Flex-root st-r" style="--r:column;--r-xs:column;--r-sm:row;',
    );
  });

  it('render a divider as a separator, in the element given', () => {
    expect(html(<Divider component="li" aria-hidden />)).toBe(
      '<li role="separator" aria-orientation="horizontal" aria-hidden="true" class="st-Divider-root"></li>',
    );
  });
});

describe('typography', () => {
  it('renders Text as a paragraph at its size, or a truncated span', () => {
    expect(html(<Text>a</Text>)).toBe('<p class="st-Text-root">a</p>');
    expect(
      html(
        <Text span size="sm" c="dimmed" fw={500} truncate>
          a
        </Text>,
      ),
    ).toBe(
      '<span class="st-Text-root st-truncate" style="font-size:var(--st-fz-sm);line-height:1.45;' +
        'color:var(--st-dimmed);font-weight:500">a</span>',
    );
    expect(html(<Text inherit component="dd" />)).toBe(
      '<dd class="st-Text-root" style="font-size:inherit;line-height:inherit;font-weight:inherit"></dd>',
    );
  });

  it('renders Title order 3 as h3, sized as its level or as another', () => {
    expect(html(<Title order={3}>t</Title>)).toBe(
      '<h3 class="st-Title-root" style="font-size:1.375rem;line-height:1.4">t</h3>',
    );
    expect(html(<Title order={2} size="h5" ta="center" id="x" />)).toBe(
      '<h2 id="x" class="st-Title-root" style="font-size:1rem;line-height:1.5;text-align:center"></h2>',
    );
  });

  it('renders Code inline or as a block, Anchor with its underline, a list with icons', () => {
    expect(html(<Code>k</Code>)).toBe('<code class="st-Code-root">k</code>');
    expect(html(<Code block>k</Code>)).toBe('<pre data-block="" class="st-Code-root">k</pre>');
    expect(
      html(
        <Anchor href="/m" underline="never" size="sm">
          m
        </Anchor>,
      ),
    ).toBe(
      '<a href="/m" data-underline="never" class="st-Text-root st-Anchor-root" ' +
        'style="font-size:var(--st-fz-sm);line-height:1.45">m</a>',
    );
    const list = html(
      <List size="xs" spacing={4} withPadding>
        <List.Item icon={<b>i</b>}>one</List.Item>
        <List.Item>two</List.Item>
      </List>,
    );
    expect(list).toMatch(/^<ul class="st-List-root" style="font-size:var\(--st-fz-xs\);line-height:1.4;/);
    expect(list).toContain('--ls:4px');
    expect(list).toContain('<span>one</span></li><li class="st-List-item">two</li></ul>');
    expect(list).not.toMatch(/ (icon|spacing|withPadding|size)=/i);
    expect(html(<VisuallyHidden>s</VisuallyHidden>)).toBe(
      '<span class="st-VisuallyHidden-root st-visually-hidden">s</span>',
    );
  });
});

describe('Table', () => {
  it('renders its parts as thead/tbody/tr/th/td, its variants on the table', () => {
    const out = html(
      <Table striped withRowBorders={false} verticalSpacing={4} fz="xs" data-testid="t">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">h</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr data-action="a">
            <Table.Td w="40%">d</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>,
    );
    expect(out).toBe(
      '<table data-testid="t" data-striped="" class="st-Table-root" style="--trb:0;--tvs:4px;font-size:var(--st-fz-xs)">' +
        '<thead class="st-Table-thead"><tr class="st-Table-tr"><th scope="col" class="st-Table-th">h</th></tr></thead>' +
        '<tbody class="st-Table-tbody"><tr data-action="a" class="st-Table-tr">' +
        '<td class="st-Table-td" style="width:40%">d</td></tr></tbody></table>',
    );
  });

  it('scrolls a wide table in a container whose viewport props reach the scrolling element', () => {
    const out = html(
      <Table.ScrollContainer
        minWidth={640}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Audit' } }}
      >
        <Table />
      </Table.ScrollContainer>,
    );
    expect(out).toBe(
      '<div tabindex="0" role="region" aria-label="Audit" class="st-Table-scroll" style="overflow-x:auto">' +
        '<div style="min-width:640px"><table class="st-Table-root"></table></div></div>',
    );
  });
});
