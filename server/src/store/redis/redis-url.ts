/** The kinds of STORE_URL, read without a Redis client (the configuration checks them too). */

/** `redis-cluster://host:port,host:port` lists seed nodes of a Redis Cluster. */
const CLUSTER_SCHEME = 'redis-cluster://';
/** `redis-sentinel://[[user]:password@]host:port,host:port/<master-name>`: a Sentinel set. */
const SENTINEL_SCHEME = 'redis-sentinel://';

export function isClusterUrl(url: string): boolean {
  return url.startsWith(CLUSTER_SCHEME);
}

export function isSentinelUrl(url: string): boolean {
  return url.startsWith(SENTINEL_SCHEME);
}

function hostPorts(list: string, defaultPort: string): { host: string; port: number }[] {
  return list.split(',').map((hostPort) => {
    const [host = '', port = defaultPort] = hostPort.trim().split(':');
    return { host, port: Number(port) };
  });
}

/** Seed nodes of a `redis-cluster://` URL, or throws saying which are not host:port. */
export function clusterNodes(url: string): { host: string; port: number }[] {
  const nodes = url.slice(CLUSTER_SCHEME.length).split(',');
  const bad = nodes.filter((n) => !/^[A-Za-z0-9.-]+:\d{1,5}$/.test(n.trim()));
  if (bad.length) throw new Error(`cluster nodes must be host:port, got "${bad.join(',')}"`);
  return hostPorts(nodes.join(','), '6379');
}

export interface SentinelTarget {
  sentinels: { host: string; port: number }[];
  /** The master name the sentinels monitor. */
  name: string;
  username?: string;
  /** The data nodes' password (the sentinels' own, if any, is not in the URL). */
  password?: string;
}

/** What a `redis-sentinel://` URL names, or throws saying what is wrong with it. */
export function sentinelTarget(url: string): SentinelTarget {
  const rest = url.slice(SENTINEL_SCHEME.length);
  const slash = rest.indexOf('/');
  const name = slash < 0 ? '' : decodeURIComponent(rest.slice(slash + 1));
  const authority = slash < 0 ? rest : rest.slice(0, slash);
  const at = authority.lastIndexOf('@');
  const hosts = authority.slice(at + 1);
  if (!/^[A-Za-z0-9.-]+(:\d{1,5})?(,[A-Za-z0-9.-]+(:\d{1,5})?)*$/.test(hosts)) {
    throw new Error(`sentinels must be host:port,host:port, got "${hosts}"`);
  }
  if (!/^[A-Za-z0-9._-]+$/.test(name)) {
    throw new Error(`the master name must follow the sentinels: …/<master-name>, got "${name}"`);
  }
  const target: SentinelTarget = { sentinels: hostPorts(hosts, '26379'), name };
  if (at >= 0) {
    const [user = '', password = ''] = authority.slice(0, at).split(':');
    if (user) target.username = decodeURIComponent(user);
    if (password) target.password = decodeURIComponent(password);
  }
  return target;
}
