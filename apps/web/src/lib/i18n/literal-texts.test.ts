import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The customer side speaks through the catalogue: a component it renders may not hold a text of
 * its own. "Customer side" is what the customer-facing route modules import, followed file by
 * file; a text is JSX text with a letter in it, or a string with a letter in an attribute a
 * person reads (label, title, placeholder, aria-label, alt…). Files still being translated are
 * listed below by name; the list may only shrink (a listed file without texts fails too).
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

const CUSTOMER_ROUTES = [
  "app/layouts/shop-layout.tsx",
  "app/routes/storefront.tsx",
  "app/routes/shop-login.tsx",
  "app/routes/shop-auth.tsx",
  "app/routes/customer.tsx",
  "app/routes/customer-profile.tsx",
  "app/routes/customer-actions.tsx",
  "app/routes/customer-card.tsx",
];

/** Customer-side files whose texts are not in the catalogue yet: none now; the list may only shrink. */
const NOT_YET_TRANSLATED = new Set<string>([]);

const READ_ATTRIBUTES = new Set([
  "label",
  "title",
  "placeholder",
  "aria-label",
  "alt",
  "description",
  "hint",
  "confirmLabel",
  "cancelLabel",
  "retryLabel",
  "message",
]);
const LETTER = /\p{L}/u;

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = join(SRC, specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, join(base, "index.ts")]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every source file the customer routes import, statically or lazily. */
function customerSideFiles(): string[] {
  const seen = new Set<string>();
  const queue = CUSTOMER_ROUTES.map((file) => join(SRC, file));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    for (const { fileName } of importedFiles) {
      const target = resolveImport(file, fileName);
      if (target && !/\.test\.tsx?$/.test(target)) queue.push(target);
    }
  }
  return [...seen].filter((file) => file.endsWith(".tsx")).sort();
}

function hasLetters(node: ts.Node | undefined): boolean {
  if (!node) return false;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    return LETTER.test(node.text);
  }
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].some((t) =>
      LETTER.test(t),
    );
  }
  if (ts.isJsxExpression(node)) return hasLetters(node.expression);
  if (ts.isConditionalExpression(node)) {
    return hasLetters(node.whenTrue) || hasLetters(node.whenFalse);
  }
  return false;
}

/** The literal texts a file renders, with their line numbers. */
function literalTexts(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    true,
  );
  const found: string[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTER.test(node.text)) {
      found.push(`${at(node)}: ${node.text.trim().slice(0, 60)}`);
    } else if (ts.isJsxExpression(node) && ts.isJsxElement(node.parent) && hasLetters(node)) {
      found.push(`${at(node)}: ${node.getText().slice(0, 60)}`);
    } else if (
      ts.isJsxAttribute(node) &&
      READ_ATTRIBUTES.has(node.name.getText()) &&
      hasLetters(node.initializer)
    ) {
      found.push(`${at(node)}: ${node.getText().slice(0, 60)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the customer side's texts", () => {
  const files = customerSideFiles();

  it("finds the customer side's components", () => {
    expect(files.length).toBeGreaterThan(40);
    expect(files).toContain(join(SRC, "features/storefront/pages/storefront-home-page.tsx"));
    // Pages shown from a layout count too: the Store Not Found page is one.
    expect(files).toContain(join(SRC, "features/storefront/pages/store-not-found-page.tsx"));
  });

  it("renders no text outside the catalogue, except in the files still listed", {
    timeout: 60_000,
  }, () => {
    const offenders: Record<string, string[]> = {};
    for (const file of files) {
      const name = relative(SRC, file);
      if (NOT_YET_TRANSLATED.has(name)) continue;
      const texts = literalTexts(file);
      if (texts.length > 0) offenders[name] = texts;
    }
    expect(offenders).toEqual({});
  });

  it("lists only files that still hold texts", { timeout: 60_000 }, () => {
    const done = [...NOT_YET_TRANSLATED].filter(
      (name) => !existsSync(join(SRC, name)) || literalTexts(join(SRC, name)).length === 0,
    );
    expect(done).toEqual([]);
  });
});
