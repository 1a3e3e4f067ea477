#!/usr/bin/env node
/**
 * Fails when a comment or document links to a part of docs/ that does not exist, so a renamed
 * heading or file cannot leave citations pointing nowhere (comments cite only documents in the
 * repository: docs/product-rules.md says why).
 *
 * Checked, in every file git tracks: each `docs/<path>.md` or `docs/<path>.md#<anchor>`, and in
 * Markdown files each relative link `](<path>.md#<anchor>)` or `](#<anchor>)` outside code fences. An anchor must be
 * the slug of a heading of that file, made the way GitHub makes it.
 *
 * And every source file docs/architecture.md names in backticks must exist.
 *
 * Usage: node scripts/check-doc-links.mjs (from anywhere inside the repository).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file !== '' && !file.endsWith('package-lock.json'));

/** GitHub's heading slug: lowercase, punctuation dropped, each space a hyphen. */
function slug(heading) {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

const anchorsByFile = new Map();

/** The anchors of a Markdown file's headings (outside code fences), numbered as GitHub numbers repeats. */
function anchorsOf(file) {
  let anchors = anchorsByFile.get(file);
  if (anchors) return anchors;
  anchors = new Set();
  const seen = new Map();
  let inFence = false;
  for (const line of readFileSync(path.join(root, file), 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = inFence ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  anchorsByFile.set(file, anchors);
  return anchors;
}

/** Why a link to `target` (a path from the repository root) with an optional anchor is broken, or null. */
function problem(target, anchor) {
  if (!existsSync(path.join(root, target))) return `no file ${target}`;
  if (anchor && !anchorsOf(target).has(anchor.toLowerCase())) return `no heading #${anchor} in ${target}`;
  return null;
}

const ANCHOR = '[\\p{L}\\p{N}_-]+';
const DOCS_REFERENCE = new RegExp(`(?<![\\w./-])docs/[\\w./-]+?\\.md(?:#(${ANCHOR}))?`, 'gu');
const MARKDOWN_LINK = new RegExp(`\\]\\((?!\\w+:|/)([^)\\s#]*\\.md)?(?:#(${ANCHOR}))?\\)`, 'gu');

const broken = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(path.join(root, file), 'utf8');
  } catch {
    continue; // listed but absent (deleted in the work tree)
  }
  if (text.includes('\0')) continue; // binary
  let inFence = false;
  text.split('\n').forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    for (const match of line.matchAll(DOCS_REFERENCE)) {
      const target = match[0].replace(/#.*$/, '');
      const why = problem(target, match[1]);
      if (why) broken.push(`${where}: ${match[0]} (${why})`);
    }
    // A Markdown example in a fence (a template, say) is not a link.
    if (!file.endsWith('.md') || inFence) return;
    for (const match of line.matchAll(MARKDOWN_LINK)) {
      const [, relative, anchor] = match;
      if (!relative && !anchor) continue;
      const target = relative ? path.posix.join(path.posix.dirname(file), relative) : file;
      const why = problem(target, anchor);
      if (why) broken.push(`${where}: ${match[0].slice(1)} (${why})`);
    }
  });
}

// docs/architecture.md maps the design onto the code: every source file it names in backticks
// (`db/provider-lock.ts`, `modules/payments/stripe-client.ts`, `scripts/validate.mjs`) must exist,
// so a rename cannot leave the map pointing at nothing. A bare name must match a file's last part.
const SOURCE_NAME = /`([\w./-]+\.(?:ts|tsx|mjs|js))`/g;
const architecture = 'docs/architecture.md';
readFileSync(path.join(root, architecture), 'utf8')
  .split('\n')
  .forEach((line, index) => {
    for (const [, name] of line.matchAll(SOURCE_NAME)) {
      const suffix = name.replace(/^\.?\//, '');
      if (!files.some((file) => file === suffix || file.endsWith(`/${suffix}`))) {
        broken.push(`${architecture}:${index + 1}: \`${name}\` (no such file in the repository)`);
      }
    }
  });

if (broken.length > 0) {
  console.error(`Broken links to documents (${broken.length}):`);
  for (const line of broken) console.error(`  ${line}`);
  process.exit(1);
}
console.log('Document links: all targets exist.');
