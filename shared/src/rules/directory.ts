import type { DirectoryDepartment } from "../contract/directory";

/** Spec §9: the small searches (the service and parts directory, the manufacturer search) use 21 per page and keep about 10 answers, oldest evicted first. */
export const SMALL_SEARCH_HITS_PER_PAGE = 21;
export const SMALL_SEARCH_CACHE_SIZE = 10;

export const DIRECTORY_DEPARTMENT_LABELS: Record<DirectoryDepartment, string> = { service: "Service", parts: "Parts and accessories" };

/** What the grouping helper needs of an entry. */
type Groupable = { department: DirectoryDepartment; category: string };

export type DirectoryGroup<T> = {
  department: DirectoryDepartment;
  label: string;
  categories: { category: string; entries: T[] }[];
};

/**
 * The parts/service grouping helper (spec §2): a page of directory entries as departments, each with its
 * categories, keeping the entries' order within a category and the order categories first appear in. The page's
 * own department comes first (service on /service, parts on the parts page); an empty department is left out.
 */
export function groupDirectoryEntries<T extends Groupable>(entries: readonly T[], first: DirectoryDepartment = "service"): DirectoryGroup<T>[] {
  const order: DirectoryDepartment[] = first === "service" ? ["service", "parts"] : ["parts", "service"];
  return order.flatMap((department) => {
    const categories = new Map<string, T[]>();
    for (const entry of entries) {
      if (entry.department !== department) continue;
      const list = categories.get(entry.category);
      if (list) list.push(entry);
      else categories.set(entry.category, [entry]);
    }
    if (categories.size === 0) return [];
    return [{ department, label: DIRECTORY_DEPARTMENT_LABELS[department], categories: [...categories].map(([category, list]) => ({ category, entries: list })) }];
  });
}

/** The directory's price ceilings a shopper picks from ('Any price' is none). */
export const DIRECTORY_PRICE_CEILINGS = [100, 250, 500, 1000] as const;
