/** Shell components the gateway renders with react-dom/server (inside a seeded jotai Provider). */
export { ShellFooter } from "../components/footer/ShellFooter";
export { ShellHeader } from "../components/header/ShellHeader";
export { BlogPage, BlogPostPage, ContentPage } from "../components/pages/ContentPages";
export { NotFoundPage } from "../components/pages/NotFoundPage";
export { SitesIndexPage, type DemoSiteLink } from "../components/pages/SitesIndexPage";
export { SuccessPage } from "../components/pages/SuccessPage";
export { BlogSection } from "../components/parts/BlogCards";
export { BrandTiles } from "../components/parts/BrandTiles";
export { BodyTypeTiles, Hero, PromotionsSlider, StatisticsBanner } from "../components/parts/HomeParts";
export { BrandBanner, PageIntro } from "../components/parts/PageIntro";
export { ModelAccessoriesIntro, ModelRange } from "../components/parts/ModelRange";
