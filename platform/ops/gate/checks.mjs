// The release gate's static checks: pure functions over what builds declare. Each returns the
// reasons it refuses (Spanish sentences, one per problem; none: it passes).
//
// - a build's mf-manifest.json: the singletons it needs (`shared[].requiredVersion`) and the
//   modules it exposes;
// - its taquilla-contract.json (platform/build/contract-plugin.mjs): the bus events it emits
//   and listens to, the bus contract it was built with, its part of the slot contract;
// - the shell's taquilla-contract.json (SHELL_DIR): the singletons it provides, the slots its
//   routes load and the props they pass, its bus events.
import semver from 'semver';

/** The package a shared specifier belongs to: 'react/jsx-runtime' → 'react', '@a/b/c' → '@a/b'. */
export function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Every singleton the new build requires must be satisfied by the copy the shell provides. */
export function checkShared({ remote, version, manifest, shell }) {
  const reasons = [];
  const provided = shell.provides ?? {};
  const seen = new Set();
  for (const item of manifest.shared ?? []) {
    const pkg = packageOf(item.name);
    if (seen.has(pkg) || !item.requiredVersion || !(pkg in provided)) continue;
    seen.add(pkg);
    if (!semver.satisfies(provided[pkg], item.requiredVersion, { includePrerelease: true })) {
      reasons.push(
        `${remote} ${version} necesita ${pkg} ${item.requiredVersion} y el shell en producción comparte ${provided[pkg]}: ` +
          `la versión compartida no se puede satisfacer (el navegador la rechazaría). Compílalo contra ${pkg} ${provided[pkg]}.`,
      );
    }
  }
  return reasons;
}

const baseType = (type) => String(type).replace(/\?$/, '');
const optional = (type) => String(type).endsWith('?');
const describeProps = (props) =>
  `{ ${
    Object.entries(props)
      .map(([k, t]) => `${k}: ${t}`)
      .join(', ') || '—'
  } }`;

/** Every module the shell's slots load from `remote` is exposed, and its props still fit. */
export function checkSlots({ remote, version, manifest, contract, shell }) {
  const reasons = [];
  const needed = shell.slots?.[remote] ?? {};
  const exposed = new Set((manifest.exposes ?? []).map((e) => e.name));
  for (const [module, passed] of Object.entries(needed)) {
    if (!exposed.has(module)) {
      reasons.push(`${remote} ${version} ya no expone "${module}", que el shell carga en sus rutas: esa página quedaría sin su sección.`);
      continue;
    }
    const accepted = contract.slots?.[module];
    if (!accepted) {
      reasons.push(`${remote} ${version} no declara las props de "${module}" en su contrato; el shell le pasa ${describeProps(passed)}.`);
      continue;
    }
    const misfits = [];
    for (const [prop, type] of Object.entries(accepted)) {
      if (!(prop in passed) && !optional(type)) misfits.push(`espera "${prop}" (${baseType(type)}) y el shell no la pasa`);
    }
    for (const [prop, type] of Object.entries(passed)) {
      if (!(prop in accepted)) misfits.push(`el shell pasa "${prop}" y la nueva versión ya no la recibe`);
      else if (baseType(accepted[prop]) !== baseType(type))
        misfits.push(`"${prop}" es ${baseType(type)} en el shell y ${baseType(accepted[prop])} en la nueva versión`);
    }
    if (misfits.length) {
      reasons.push(
        `Las props de ${remote}/${module} ya no encajan con el shell en producción: ${misfits.join('; ')} ` +
          `(shell: ${describeProps(passed)}; ${version}: ${describeProps(accepted)}).`,
      );
    }
  }
  return reasons;
}

/**
 * The bus: `live` is every live build but the one being replaced ({ name, version, contract }:
 * the shell and the other remotes' current versions; contract null for a release made before
 * builds declared one), `before` the remote's live declaration (or null), `contract` the new one.
 * - every event a live build listens to, that someone emitted before, is still emitted after;
 * - every event the new build emits or listens to is in the bus contract it was built with, and
 *   in the contract every live build that takes part in it (its producers and listeners) was
 *   built with. Only the parties count: the shell is never rebuilt, and an event it has no part
 *   in must not need it rebuilt.
 */
export function checkBus({ remote, version, contract, before, live }) {
  const reasons = [];
  const declared = live.filter((b) => b.contract);
  const emitted = (builds) => new Set(builds.flatMap((b) => b.contract?.bus?.emits ?? []));
  // What the live remote emitted: its declaration, else what the contract says it produces.
  const beforeEmits =
    before?.bus?.emits ??
    Object.entries(declared[0]?.contract.bus.contract.events ?? {})
      .filter(([, e]) => e.producers.includes(remote))
      .map(([type]) => type);
  const emittedBefore = new Set([...emitted(declared), ...beforeEmits]);
  const emittedAfter = new Set([...emitted(declared), ...(contract.bus?.emits ?? [])]);
  const lost = new Map();
  for (const build of declared) {
    for (const type of build.contract.bus.listens ?? []) {
      if (emittedBefore.has(type) && !emittedAfter.has(type)) lost.set(type, [...(lost.get(type) ?? []), build.name]);
    }
  }
  for (const [type, listeners] of lost) {
    reasons.push(
      `${listeners.join(', ')} escucha "${type}", que emitía ${remote}, y ${remote} ${version} ya no lo emite: ese paso de la compra dejaría de funcionar sin ningún error.`,
    );
  }
  const own = contract.bus?.contract?.events ?? {};
  const uses = [...(contract.bus?.emits ?? []).map((type) => ['emite', type]), ...(contract.bus?.listens ?? []).map((type) => ['escucha', type])];
  for (const [verb, type] of uses) {
    const event = own[type];
    if (!event) {
      reasons.push(
        `${remote} ${version} ${verb} "${type}", que no está en el contrato del bus (v${contract.bus?.contractVersion}) con el que se compiló: nadie lo espera. Decláralo en shared/src/bus-contract.json.`,
      );
      continue;
    }
    const parties = new Set([...event.producers, ...event.listeners]);
    const without = declared.filter((b) => b.name !== remote && parties.has(b.name) && !(type in (b.contract.bus.contract?.events ?? {})));
    if (without.length) {
      const names = without.map((b) => `${b.name} ${b.version} (contrato v${b.contract.bus.contractVersion})`).join(', ');
      reasons.push(
        `${remote} ${version} ${verb} "${type}", que no está en el contrato del bus con el que se compiló ${names}, que toma parte en él: publica antes ${without.map((b) => b.name).join(', ')} compilado con el contrato nuevo.`,
      );
    }
  }
  return reasons;
}
