import type { ReactNode } from "react";

/**
 * Renders a dealer's markdown as React elements: headings (##, ###), paragraphs, lists, **bold**, *italics*
 * and [links](href). No raw HTML ever reaches the page (React escapes every text), and a link's href must be
 * a site path, http(s), mailto: or tel:, so stored content cannot inject script.
 */
export function Markdown({ source }: { source: string }) {
  return <>{blocks(source)}</>;
}

const SAFE_HREF = /^(\/(?!\/)|https?:\/\/|mailto:|tel:|#)/i;

export function safeHref(href: string): string | null {
  return SAFE_HREF.test(href.trim()) ? href.trim() : null;
}

function inline(text: string, keyPrefix: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  const pattern = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*|\*([^*]+)\*/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) nodes.push(text.slice(last, index));
    const key = `${keyPrefix}-${index}`;
    if (match[1] !== undefined && match[2] !== undefined) {
      const href = safeHref(match[2]);
      nodes.push(href ? <a key={key} href={href}>{match[1]}</a> : match[1]);
    } else if (match[3] !== undefined) {
      nodes.push(<strong key={key}>{match[3]}</strong>);
    } else if (match[4] !== undefined) {
      nodes.push(<em key={key}>{match[4]}</em>);
    }
    last = index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

function blocks(source: string): ReactNode[] {
  const out: ReactNode[] = [];
  const chunks = source.replace(/\r\n?/g, "\n").split(/\n{2,}/);
  chunks.forEach((chunk, index) => {
    const lines = chunk.split("\n").map((line) => line.trimEnd()).filter((line) => line.trim());
    if (!lines.length) return;
    const key = `b${index}`;
    const heading = /^(#{1,4})\s+(.*)$/.exec(lines[0] ?? "");
    if (heading && lines.length === 1) {
      // A page's h1 is its title, so markdown headings start at h2.
      const level = Math.min(4, Math.max(2, (heading[1] ?? "").length));
      const Tag = `h${level}` as "h2" | "h3" | "h4";
      out.push(<Tag key={key}>{inline(heading[2] ?? "", key)}</Tag>);
      return;
    }
    if (lines.every((line) => /^\s*[-*]\s+/.test(line))) {
      // biome-ignore lint/suspicious/noArrayIndexKey: static server-rendered content, never reordered
      out.push(<ul key={key}>{lines.map((line, i) => <li key={`${key}-${i}`}>{inline(line.replace(/^\s*[-*]\s+/, ""), `${key}-${i}`)}</li>)}</ul>);
      return;
    }
    if (lines.every((line) => /^\s*\d+[.)]\s+/.test(line))) {
      // biome-ignore lint/suspicious/noArrayIndexKey: static server-rendered content, never reordered
      out.push(<ol key={key}>{lines.map((line, i) => <li key={`${key}-${i}`}>{inline(line.replace(/^\s*\d+[.)]\s+/, ""), `${key}-${i}`)}</li>)}</ol>);
      return;
    }
    out.push(<p key={key}>{inline(lines.join(" "), key)}</p>);
  });
  return out;
}
