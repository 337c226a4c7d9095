import { createGatewayApp } from "./app";

export default createGatewayApp();
