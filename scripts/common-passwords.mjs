#!/usr/bin/env node
// Writes internal/account/commonpasswords.txt, the list of common passwords the server refuses,
// from the password list of the npm package @zxcvbn-ts/language-common (MIT licence; the list
// zxcvbn ranks passwords with, most common first, drawn from leaked password sets). Only the
// entries a drape password could be (8 to 128 characters) are kept, lowercased, one a line, in
// the package's order. Run from the repository root: node scripts/common-passwords.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const pkg = '@zxcvbn-ts/language-common@4.1.3';
const out = 'internal/account/commonpasswords.txt';
const minLength = 8;
const maxLength = 128;

const dir = mkdtempSync(join(tmpdir(), 'common-passwords-'));
try {
  const tarball = execFileSync('npm', ['pack', pkg, '--silent'], { cwd: dir, encoding: 'utf8' }).trim().split('\n').pop();
  execFileSync('tar', ['xzf', tarball, 'package/src/passwords.json'], { cwd: dir });
  const list = JSON.parse(readFileSync(join(dir, 'package/src/passwords.json'), 'utf8'));
  if (!Array.isArray(list)) throw new Error('passwords.json is not a list');
  const seen = new Set();
  for (const entry of list) {
    const password = String(entry).toLowerCase();
    const length = [...password].length;
    if (length >= minLength && length <= maxLength && !/[\r\n]/.test(password)) seen.add(password);
  }
  writeFileSync(out, [...seen].join('\n') + '\n');
  console.log(`${out}: ${seen.size} passwords of ${list.length} in ${pkg}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
