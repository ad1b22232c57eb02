#!/usr/bin/env node
// The size limits (docs/architecture.md, "Limits"): no source file over `maxFileLines` lines
// and no function over `maxFunctionLines` lines, test and seed files aside. The few justified
// exceptions are listed by name, with their reason and their size when listed, in
// size-limits.json; one that grows, or no longer matches anything, fails too. Functions are measured
// with the TypeScript compiler's own parser, from the first line of the declaration to its
// closing brace, so a closure that holds a whole module counts as one long function.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");
const config = JSON.parse(readFileSync(path.join(root, "size-limits.json"), "utf8"));
const include = config.include.map((glob) => globToRegExp(glob));
const exclude = config.exclude.map((glob) => globToRegExp(glob));

function globToRegExp(glob) {
  let pattern = "";
  for (let i = 0; i < glob.length; i += 1) {
    if (glob.startsWith("**/", i)) {
      pattern += "(?:.*/)?";
      i += 2;
    } else if (glob.startsWith("**", i)) {
      pattern += ".*";
      i += 1;
    } else if (glob[i] === "*") {
      pattern += "[^/]*";
    } else {
      pattern += glob[i].replace(/[.+?^${}()|[\]\\]/g, "\\$&");
    }
  }
  return new RegExp(`^${pattern}$`);
}

/** The files git knows (tracked, or new and not ignored), so build output never counts. */
function sourceFiles() {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  return [...new Set(listed.split("\n"))]
    .filter((file) => file && include.some((re) => re.test(file)))
    .filter((file) => !exclude.some((re) => re.test(file)));
}

function lineCount(text) {
  return text.endsWith("\n") ? text.split("\n").length - 1 : text.split("\n").length;
}

function functionName(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name && ts.isStringLiteral(node.name)) return node.name.text;
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) {
    return parent.name.text;
  }
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) {
    return parent.name.text;
  }
  // A callback (`db.transaction(async (tx) => …)`, `useEffect(() => …)`): named by its call.
  if (parent && ts.isCallExpression(parent)) {
    return `${parent.expression.getText().split("\n")[0].slice(0, 40)}(callback)`;
  }
  return "<anonymous>";
}

function isFunction(node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

function longFunctions(file, text) {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node) => {
    if (isFunction(node) && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      const lines = end - start + 1;
      if (lines > config.maxFunctionLines) found.push({ name: functionName(node), start, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const problems = [];
const exceptions = new Map(
  config.exceptions.map((e) => [`${e.file}#${e.function ?? ""}`, { ...e, used: false }]),
);

/** Listed, and no longer than it was when listed: the list only ever shrinks. */
function excepted(file, name, lines) {
  const entry = exceptions.get(`${file}#${name ?? ""}`);
  if (!entry) return false;
  entry.used = true;
  if (lines > entry.lines) {
    problems.push(
      `${file}${name ? ` (${name})` : ""}: ${lines} lines, more than the ${entry.lines} its exception allows`,
    );
  }
  return true;
}

const files = sourceFiles();
for (const file of files) {
  const text = readFileSync(path.join(root, file), "utf8");
  const lines = lineCount(text);
  if (lines > config.maxFileLines && !excepted(file, undefined, lines)) {
    problems.push(`${file}: ${lines} lines (the limit is ${config.maxFileLines})`);
  }
  for (const fn of longFunctions(file, text)) {
    if (excepted(file, fn.name, fn.lines)) continue;
    problems.push(
      `${file}:${fn.start}: function ${fn.name} is ${fn.lines} lines (the limit is ${config.maxFunctionLines})`,
    );
  }
}
// An exception that no longer matches anything is stale: it would hide the next long file.
for (const entry of exceptions.values()) {
  if (!entry.used) {
    problems.push(
      `size-limits.json: the exception for ${entry.file}${entry.function ? ` (${entry.function})` : ""} matches nothing; remove it`,
    );
  }
}

if (problems.length > 0) {
  console.error(`Size limits: ${problems.length} problem(s)\n${problems.join("\n")}`);
  console.error("Split the file or function, or list a justified exception in size-limits.json.");
  process.exit(1);
}
console.log(
  `Size limits: ${files.length} files within ${config.maxFileLines} lines, functions within ${config.maxFunctionLines}.`,
);
