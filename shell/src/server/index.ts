/** Shell components the gateway renders with react-dom/server (inside a seeded jotai Provider). */
export { ShellFooter } from "../components/footer/ShellFooter";
export { ShellHeader } from "../components/header/ShellHeader";
export { BrandsPage } from "../components/pages/BrandsPage";
export { HomePage } from "../components/pages/HomePage";
export { NotFoundPage } from "../components/pages/NotFoundPage";
export { SitesIndexPage, type DemoSiteLink } from "../components/pages/SitesIndexPage";
export { SuccessPage } from "../components/pages/SuccessPage";
