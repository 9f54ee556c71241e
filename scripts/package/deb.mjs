// The Debian package of an app: dist/smartthing-<app>_<version>_<arch>.deb (dpkg-deb) with the staged
// /usr/lib/smartthing-<app>, a systemd unit, the system user smartthing-<app> (made by postinst),
// /etc/smartthing/<app>.env (conffile) and /var/lib/smartthing/<app>; purge removes the user and the data.
import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP, appVersion, DIST, log, root, run } from './common.mjs';
import { ADDON_NODE_MAJOR } from './modules.mjs';

function unitFile(app) {
  const a = APP[app];
  return `[Unit]
Description=${a.description.split(':')[0]}
Documentation=file:///usr/share/doc/smartthing-${app}/README.md
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
User=smartthing-${app}
Group=smartthing-${app}
WorkingDirectory=/var/lib/smartthing/${app}
Environment=NODE_ENV=production
Environment=ST_DATA_DIR=/var/lib/smartthing/${app}
Environment=ST_WEB_DIST=/usr/lib/smartthing-${app}/web
# settings (apps/${app}/README.md); this file wins over the lines above
EnvironmentFile=-/etc/smartthing/${app}.env
ExecStart=/usr/bin/node ${[...a.nodeArgs, `/usr/lib/smartthing-${app}/main.js`].join(' ')}
Restart=always
RestartSec=2
KillSignal=SIGTERM
TimeoutStopSec=${a.stopTimeout}
NoNewPrivileges=true
ProtectSystem=strict
ProtectHome=true
ReadWritePaths=/var/lib/smartthing/${app}
PrivateTmp=true

[Install]
WantedBy=multi-user.target
`;
}

function envFile(app) {
  const lines = [
    `# Settings of smartthing-${app}: every variable of apps/${app}/README.md ("Settings") may go here.`,
    `# A change needs: systemctl restart smartthing-${app}`,
    `ST_PORT=${app === 'cloud' ? 8081 : 8080}`,
  ];
  if (app === 'gateway') {
    lines.push(
      '# the LAN address devices are on (multicast discovery); the OS default when unset',
      '#ST_MULTICAST_IF=192.168.1.20',
      '#ST_GATEWAY_PASSWORD=',
      '#ST_MQTT_URL=mqtt://127.0.0.1:1883',
    );
  } else {
    lines.push(
      '# only the TLS proxy in front should reach it (docs/deploy.md)',
      'ST_HOST=127.0.0.1',
      '# the first user on an empty database',
      '#ST_ADMIN_PASSWORD=change-me-now',
      '#ST_TRUST_PROXY=true',
      '# several nodes: PostgreSQL and Redis, the same ST_SECRET everywhere',
      '#DATABASE_URL=postgres://smartthing:secret@10.0.0.5:5432/smartthing',
      '#REDIS_URL=redis://10.0.0.6:6379',
      '#ST_SECRET=',
    );
  }
  return `${lines.join('\n')}\n`;
}

function maintainerScripts(app) {
  const user = `smartthing-${app}`;
  const unit = `smartthing-${app}.service`;
  const data = `/var/lib/smartthing/${app}`;
  const postinst = `#!/bin/sh
set -e
if [ "$1" = configure ]; then
  if ! getent group ${user} >/dev/null; then groupadd --system ${user}; fi
  if ! getent passwd ${user} >/dev/null; then
    useradd --system --gid ${user} --home-dir ${data} --no-create-home --shell /usr/sbin/nologin \\
      --comment "SmartThing ${app}" ${user}
  fi
  mkdir -p ${data}
  chown ${user}:${user} ${data}
  chmod 0750 ${data}
  chown root:${user} /etc/smartthing/${app}.env
  chmod 0640 /etc/smartthing/${app}.env
fi
if [ -d /run/systemd/system ]; then
  systemctl daemon-reload >/dev/null || true
  if [ -z "$2" ]; then
    # first install: enabled and started
    systemctl enable ${unit} >/dev/null || true
    systemctl start ${unit} || true
  elif systemctl is-enabled --quiet ${unit}; then
    # upgrade: the new version runs (it was stopped by the old prerm)
    systemctl restart ${unit} || true
  fi
fi
exit 0
`;
  const prerm = `#!/bin/sh
set -e
if [ -d /run/systemd/system ]; then
  systemctl stop ${unit} >/dev/null 2>&1 || true
fi
exit 0
`;
  const postrm = `#!/bin/sh
set -e
if [ "$1" = remove ] || [ "$1" = purge ]; then
  if [ -d /run/systemd/system ]; then
    if [ "$1" = purge ] || [ "$1" = remove ]; then systemctl disable ${unit} >/dev/null 2>&1 || true; fi
    systemctl daemon-reload >/dev/null 2>&1 || true
    systemctl reset-failed ${unit} >/dev/null 2>&1 || true
  fi
fi
if [ "$1" = purge ]; then
  rm -rf ${data}
  rmdir /var/lib/smartthing 2>/dev/null || true
  rmdir /etc/smartthing 2>/dev/null || true
  if getent passwd ${user} >/dev/null; then userdel ${user} >/dev/null 2>&1 || true; fi
  if getent group ${user} >/dev/null; then groupdel ${user} >/dev/null 2>&1 || true; fi
fi
exit 0
`;
  return { postinst, prerm, postrm };
}

export function buildDeb(app, arch, opts, stageDir) {
  const version = appVersion(opts);
  const stage = join(stageDir, 'root');
  mkdirSync(join(stage, 'usr', 'lib', 'systemd', 'system'), { recursive: true });
  writeFileSync(join(stage, 'usr', 'lib', 'systemd', 'system', `smartthing-${app}.service`), unitFile(app));
  mkdirSync(join(stage, 'etc', 'smartthing'), { recursive: true });
  writeFileSync(join(stage, 'etc', 'smartthing', `${app}.env`), envFile(app));
  mkdirSync(join(stage, 'usr', 'share', 'doc', `smartthing-${app}`), { recursive: true });
  copyFileSync(
    join(root, 'apps', app, 'README.md'),
    join(stage, 'usr', 'share', 'doc', `smartthing-${app}`, 'README.md'),
  );
  const deb = join(stage, 'DEBIAN');
  mkdirSync(deb);
  const sizeKb = Math.ceil(
    Number(run('du', ['-sk', '--exclude=DEBIAN', stage], { quiet: true }).split('\t')[0]),
  );
  writeFileSync(
    join(deb, 'control'),
    `Package: smartthing-${app}
Version: ${version}
Architecture: ${arch}
Maintainer: SmartThing <smartthing@localhost>
Installed-Size: ${sizeKb}
Depends: nodejs (>= 20.19), nodejs (<< ${ADDON_NODE_MAJOR + 1}), passwd, ca-certificates
Section: net
Priority: optional
Homepage: https://localhost/smartthing
Description: ${APP[app].description.split(':')[0]}
 ${APP[app].description.split(': ')[1]}.
 Runs as the system user smartthing-${app} under systemd (smartthing-${app}.service);
 settings in /etc/smartthing/${app}.env, data in /var/lib/smartthing/${app}.
`,
  );
  writeFileSync(join(deb, 'conffiles'), `/etc/smartthing/${app}.env\n`);
  for (const [name, text] of Object.entries(maintainerScripts(app))) {
    writeFileSync(join(deb, name), text);
    chmodSync(join(deb, name), 0o755);
  }
  mkdirSync(DIST, { recursive: true });
  const out = join(DIST, `smartthing-${app}_${version}_${arch}.deb`);
  run('dpkg-deb', ['--root-owner-group', '-Zgzip', '-z6', '--build', stage, out], { quiet: true });
  log(out.slice(root.length + 1));
  return out;
}
