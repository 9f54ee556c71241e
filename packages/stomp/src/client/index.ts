export {
  connectStompClient,
  createNodeStompClient,
  type NodeStompClientOptions,
  StompConnectError,
} from './node-client';
