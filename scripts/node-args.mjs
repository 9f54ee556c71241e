// Options for node itself when it runs one of our servers. `npm start`, `npm run cloud`, the end-to-end system,
// the benches and the systemd units of docs/deploy.md all start the servers with these (a test checks the docs).
//
// The cloud: V8's old generation gets a floor of 128 MiB before a full GC (`--initial-old-space-size`; V8
// then sets each next limit to the larger of its own choice and this floor). A node relaying 2,000 calls/s
// moves ~2 MiB/s into its old generation while keeping ~40 MiB alive at 1,000 links; V8's own growing factor
// then stays near 1.2-1.4 (its GC is fast next to that inflow) and starts a full GC every 3-5 s, each a 20-50
// ms stall of the relay. With the floor: one about every 40 s. An idle node is kept small by V8's memory reducer.
// A large node (5,000 links or more) is given 512 instead (docs/deploy.md): at 10,000 links V8's own headroom
// over the links' live heap meant 4-5 full GCs a minute at 2,000 calls/s, each a 100-170 ms stall of one core;
// with 512, none in a minute (issue 22 round 10).
// V8 reads this option only when the heap is created, so it cannot be set from inside the process (nor from
// NODE_OPTIONS, which node refuses for it). docs/performance.md, issue 22 round 9.
const CLOUD_OLD_SPACE_FLOOR_MIB = 128;
const LARGE_CLOUD_OLD_SPACE_FLOOR_MIB = 512;
/** links per node from which docs/deploy.md gives a cloud node the large floor */
export const LARGE_CLOUD_NODE_LINKS = 5000;

/**
 * @param {'gateway' | 'cloud' | 'simulator'} app
 * @param {{ links?: number }} [plan] how many gateway links the node is meant to hold
 */
export function serverNodeArgs(app, plan = {}) {
  if (app !== 'cloud') return [];
  const large = (plan.links ?? 0) >= LARGE_CLOUD_NODE_LINKS;
  return [`--initial-old-space-size=${large ? LARGE_CLOUD_OLD_SPACE_FLOOR_MIB : CLOUD_OLD_SPACE_FLOOR_MIB}`];
}
