import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Graph } from '../../shared/game/graph.ts';
import { toDot } from '../../shared/io/dot.ts';
import { ExportError } from '../../shared/io/export-error.ts';
import { exportGraph, formatFromPath } from '../../shared/io/export.ts';
import { parseGraphFile } from '../../shared/io/graph-file.ts';
import { toGraphML } from '../../shared/io/graphml.ts';
import { toTikz } from '../../shared/io/tikz.ts';
import { escapeXml } from '../../shared/io/xml-escape.ts';
import { arbGraph, graphFromLists } from '../helpers/random-graph.ts';
import { expectSameGraph, SMALL_PROOF, smallTree } from './graph-fixtures.ts';

/**
 * A small XML 1.0 well-formedness check (no DTDs): one root element, tags nest and match, attributes
 * are quoted and unique, `<` never appears raw in text or attributes, and every `&` starts a predefined
 * entity or a character reference. Returns the list of problems (empty when well-formed).
 */
function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const name = '[A-Za-z_][\\w.:-]*';
  const token = new RegExp(
    `<\\?xml[^?]*\\?>|<!--[\\s\\S]*?-->|<(/?)(${name})((?:\\s+${name}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>|<|[^<]+`,
    'g',
  );
  const refs = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;
  const stack: string[] = [];
  let roots = 0;
  let first = true;
  for (const m of xml.matchAll(token)) {
    const t = m[0];
    if (t.startsWith('<?xml')) {
      if (!first) problems.push('XML declaration not at the start');
    } else if (t === '<') {
      problems.push(`malformed tag at offset ${m.index}: ${JSON.stringify(xml.slice(m.index, m.index + 30))}`);
    } else if (m[2]) {
      const [, close, tag, attrs, selfClose] = m;
      if (attrs.replace(refs, '').includes('&')) problems.push(`bare & in attributes of <${tag}>`);
      const names = [...attrs.matchAll(new RegExp(`(${name})\\s*=`, 'g'))].map((a) => a[1]);
      if (new Set(names).size !== names.length) problems.push(`duplicate attribute in <${tag}>`);
      if (close) {
        if (stack.pop() !== tag) problems.push(`</${tag}> does not close the open element`);
      } else {
        if (stack.length === 0 && ++roots > 1) problems.push('more than one root element');
        if (!selfClose) stack.push(tag);
      }
    } else if (!t.startsWith('<!--')) {
      if (stack.length === 0 && t.trim() !== '')
        problems.push(`text outside the root: ${JSON.stringify(t.slice(0, 20))}`);
      if (t.replace(refs, '').includes('&')) problems.push(`bare & in text ${JSON.stringify(t.slice(0, 30))}`);
      if (t.includes('>') && t.includes(']]>')) problems.push(']]> in text');
    }
    first = false;
  }
  if (stack.length) problems.push(`unclosed elements: ${stack.join(', ')}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

/** The expected export, byte for byte, from ./golden/. */
const golden = (name: string) => readFileSync(new URL(`./golden/${name}`, import.meta.url), 'utf8');

describe('golden exports of the hand-made 4-node tree with the proof {0, 1, 3}', () => {
  it('DOT', () => {
    expect(toDot(smallTree(), { proofNodes: SMALL_PROOF })).toBe(golden('small-tree.dot'));
  });

  it('DOT without proof or estimates has no highlighting and no e= lines', () => {
    const s = toDot(smallTree(false));
    expect(s).toContain('  n1 [label="#1\\nv=?", shape=ellipse];');
    expect(s).not.toMatch(/filled|bold|\\ne=/);
  });

  it('GraphML', () => {
    const s = toGraphML(smallTree(), { proofNodes: new Set(SMALL_PROOF) });
    expect(s).toBe(golden('small-tree.graphml'));
    expect(xmlProblems(s)).toEqual([]);
  });

  it('GraphML without a proof has no inProof key, without estimates no estimate key', () => {
    const s = toGraphML(smallTree(false));
    expect(s).not.toMatch(/inProof|estimate/);
    expect(xmlProblems(s)).toEqual([]);
  });

  it('TikZ forest', () => {
    expect(toTikz(smallTree(), { proofNodes: SMALL_PROOF })).toBe(golden('small-tree.tex'));
  });
});

/** A complete binary tree of the given number of nodes, alternating players, leaves valued 0. */
function binaryTree(n: number): Graph {
  const kids = Array.from({ length: n }, (_, v) => [2 * v + 1, 2 * v + 2].filter((w) => w < n));
  return graphFromLists(kids, [0], 'tree', 0, { meta: { model: 't', params: {}, seed: null, generator: 'test' } });
}

describe('export limits and errors', () => {
  it('TikZ refuses more than 200 nodes and DAGs', () => {
    expect(() => toTikz(binaryTree(200))).not.toThrow();
    expect(() => toTikz(binaryTree(201))).toThrow(
      new ExportError(
        'TikZ',
        'the tree has 201 nodes; a forest picture is limited to 200. Export a shallower tree, or use DOT or GraphML',
      ),
    );
    const dag: Graph = {
      ...smallTree(false),
      kind: 'dag',
      childOffsets: Int32Array.of(0, 2, 3, 4, 4),
      children: Int32Array.of(1, 2, 3, 3),
      value: Float64Array.of(4, -4, -4, 4),
    };
    expect(() => toTikz(dag)).toThrow(/node 3 has more than one parent: forest draws trees only/);
    // a kind "dag" graph that is a tree draws fine
    expect(toTikz({ ...smallTree(false), kind: 'dag' })).toContain('[{$2$}, p1]');
  });

  it('DOT and GraphML refuse graphs over maxNodes', () => {
    expect(() => toDot(binaryTree(10), { maxNodes: 9 })).toThrow(
      /DOT export: the graph has 10 nodes, more than the limit of 9/,
    );
    expect(() => toDot(binaryTree(5001))).toThrow(/more than the limit of 5000/);
    expect(() => toGraphML(binaryTree(10), { maxNodes: 9 })).toThrow(/GraphML export: the graph has 10 nodes/);
  });

  it('proof node ids outside the graph are an error', () => {
    expect(() => toDot(smallTree(), { proofNodes: [0, 4] })).toThrow(/proof node 4 is not a node id in \[0\.\.3\]/);
    expect(() => toGraphML(smallTree(), { proofNodes: [-1] })).toThrow(ExportError);
    expect(() => toTikz(smallTree(), { proofNodes: [1.5] })).toThrow(ExportError);
  });

  it('random graphs: DOT has a line per node and per edge, GraphML is well-formed, TikZ brackets balance', () => {
    fc.assert(
      fc.property(arbGraph(30), fc.string(), (g0, model) => {
        const g = { ...g0, meta: { ...g0.meta, model } };
        const proof = [g.root, ...Array.from(g.children.slice(0, 3))];
        const dot = toDot(g, { proofNodes: proof });
        expect(dot.match(/^ {2}n\d+ \[label=/gm)?.length).toBe(g.nodeCount);
        expect(dot.match(/^ {2}n\d+ -> n\d+/gm)?.length ?? 0).toBe(g.children.length);
        const xml = toGraphML(g, { proofNodes: proof });
        expect(xmlProblems(xml)).toEqual([]);
        expect(xml.match(/<node /g)?.length).toBe(g.nodeCount);
        expect(xml.match(/<data key="inProof">true</g)?.length).toBe(new Set(proof).size);
        let indeg2 = false;
        const seen = new Set<number>();
        for (const w of g.children) indeg2 ||= seen.has(w) || !seen.add(w);
        if (indeg2) expect(() => toTikz(g)).toThrow(ExportError);
        else {
          const tex = toTikz(g, { proofNodes: proof });
          const body = tex.slice(tex.indexOf('\n  ['));
          expect(body.split('[').length - 1).toBe(g.nodeCount);
          expect(body.split(']').length - 1).toBe(g.nodeCount);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('the XML checker itself catches broken documents', () => {
    expect(xmlProblems('<a><b></a></b>')).not.toEqual([]);
    expect(xmlProblems('<a>x & y</a>')).not.toEqual([]);
    expect(xmlProblems('<a x="1" x="2"/>')).not.toEqual([]);
    expect(xmlProblems('<a>1 < 2</a>')).not.toEqual([]);
    expect(xmlProblems('<a/><b/>')).not.toEqual([]);
    expect(xmlProblems('<a t="&lt;&#65;">&amp;</a>')).toEqual([]);
  });

  it('XML escaping covers markup characters and characters XML cannot carry', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
    expect(escapeXml('a\u0000b\u0007c\td\ne\ud800f\u{1f600}')).toBe('a\ufffdb\ufffdc\td\ne\ufffdf\u{1f600}');
  });
});

describe('exportGraph and formatFromPath', () => {
  it('maps extensions to formats, case-insensitively', () => {
    expect(formatFromPath('out/tree.json')).toBe('json');
    expect(formatFromPath('tree.DOT')).toBe('dot');
    expect(formatFromPath('C:\\x.y\\tree.gv')).toBe('dot');
    expect(formatFromPath('tree.graphml')).toBe('graphml');
    expect(formatFromPath('paper/fig.tex')).toBe('tex');
  });

  it('names the allowed extensions when it cannot tell', () => {
    expect(() => formatFromPath('tree.png')).toThrow(
      'file export: cannot tell the format of "tree.png" from its extension .png; allowed extensions: .json, .dot, .gv, .graphml, .tex',
    );
    expect(() => formatFromPath('dir.d/tree')).toThrow(
      /has no extension\); allowed extensions: \.json, \.dot, \.gv, \.graphml, \.tex/,
    );
    expect(() => formatFromPath('.dot')).toThrow(/no extension/);
  });

  it('dispatches to each exporter', () => {
    const g = smallTree();
    expectSameGraph(parseGraphFile(exportGraph(g, 'json')), g);
    expect(exportGraph(g, 'dot', SMALL_PROOF)).toBe(toDot(g, { proofNodes: SMALL_PROOF }));
    expect(exportGraph(g, 'graphml', SMALL_PROOF)).toBe(toGraphML(g, { proofNodes: SMALL_PROOF }));
    expect(exportGraph(g, 'tex', SMALL_PROOF)).toBe(toTikz(g, { proofNodes: SMALL_PROOF }));
    expect(() => exportGraph(g, 'dot', undefined, { maxNodes: 3 })).toThrow(/limit of 3/);
    expect(() => exportGraph(g, 'json', SMALL_PROOF)).toThrow(/cannot hold a proof/);
    expect(() => exportGraph(g, 'svg' as never)).toThrow(/unknown format; allowed: json, dot, graphml, tex/);
  });
});
