// Options for node itself when it runs one of our servers. `npm start`, `npm run cloud`, the end-to-end system,
// the benches and the systemd units of docs/deploy.md all start the servers with these (a test checks the docs).
//
// The cloud: V8's old generation gets a floor of 128 MiB before a full GC (`--initial-old-space-size`; V8
// then sets each next limit to the larger of its own choice and this floor). A node relaying 2,000 calls/s
// moves ~2 MiB/s into its old generation while keeping ~40 MiB alive at 1,000 links; V8's own growing factor
// then stays near 1.2-1.4 (its GC is fast next to that inflow) and starts a full GC every 3-5 s, each a 20-50
// ms stall of the relay. With the floor: one about every 40 s. A large node (10,000 links, 150+ MiB alive) is
// above the floor and keeps V8's own, larger headroom; an idle node is kept small by V8's memory reducer.
// V8 reads this option only when the heap is created, so it cannot be set from inside the process (nor from
// NODE_OPTIONS, which node refuses for it). docs/performance.md, issue 22 round 9.
const CLOUD_OLD_SPACE_FLOOR_MIB = 128;

/** @param {'gateway' | 'cloud' | 'simulator'} app */
export function serverNodeArgs(app) {
  return app === 'cloud' ? [`--initial-old-space-size=${CLOUD_OLD_SPACE_FLOOR_MIB}`] : [];
}
